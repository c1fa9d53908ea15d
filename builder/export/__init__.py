"""The print pack: ReportLab sheets (cards, tokens) and WeasyPrint documents (roster, crib).

Nothing here is imported by the core; each kind's module imports its heavy library itself.
"""
