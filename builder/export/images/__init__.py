"""Items as images: PNG folders, Tabletop Simulator decks and print-shop files (PDF/X, their
preflight), all drawn by the sheets' own drawers and rasterised."""
