"""The WeasyPrint documents (roster, crib sheet, event papers): templates rendered and laid
out, with the helpers that keep WeasyPrint fast (exact spaces, column widths, tick images)."""
