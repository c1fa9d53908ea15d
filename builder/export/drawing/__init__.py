"""Drawing one item with ReportLab: the canvas and its units, fonts, fitted text, the card
frame, devices and emblems, round tokens, card faces and backs, and user photos."""
