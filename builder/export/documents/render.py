"""The WeasyPrint documents of the print pack (roster, crib sheet): a ruleset's
:class:`~builder.core.printables.Document` rendered through its Jinja2 template and laid out
(see :mod:`builder.export.documents.weasy`). Templates only arrange and format; the context holds
every word and number, decided by the ruleset.
"""

from __future__ import annotations

from pathlib import Path

from builder.core.printables import Document
from builder.export.job import ExportJob, Written


def write_document(job: ExportJob, path: Path, document: Document, ruleset: str) -> Written:
    """Write ``document`` at ``path``; its template is looked up in ``templates/<ruleset>/``
    first, then ``templates/``."""
    from builder.export.documents import weasy

    context = dict(document.context)
    if document.share_codes:
        from builder.export.documents.sharecode import share_code

        context["share_codes"] = [share_code(item) for item in job.armies]
    opts = job.options
    # The page's sizes come last: with --large-print they are the zoomed page's.
    context.update(weasy.layout_context(opts.paper, opts.large_print))
    html = weasy.render_html(document.template, ruleset, **context)
    data, pages = weasy.document_pdf(
        html, opts.paper, document.title, document.duplex, opts.ink_saver, opts.large_print
    )
    path.write_bytes(data)
    details = dict(document.details)
    if document.duplex:
        details["sides"] = pages
    return Written(path.name, pages, details=details)
