"""Sheet layout: where items, crop marks and rulers go on a page, shared sheets packing
single-sided items together, and the decks and token sheets written as PDFs."""
