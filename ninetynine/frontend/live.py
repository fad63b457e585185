"""A polite live region: the sentence a screen reader should announce after each click.

ipywidgets has no ARIA settings, and an ``HTML`` widget is replaced wholesale on every update, so
screen readers announce it unreliably. This small anywidget creates ONE element with
``role="status"`` and ``aria-live="polite"`` once, and afterwards only changes its text, which is
exactly what screen readers listen for.
"""
from __future__ import annotations

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.className = "ninetynine-live";
  region.textContent = model.get("text");
  el.appendChild(region);
  const update = () => { region.textContent = model.get("text"); };
  model.on("change:text", update);
  return () => model.off("change:text", update);
}
export default { render };
"""

_CSS = """
.ninetynine-live { font-size: 1.1em; padding: 0.3em 0; min-height: 1.5em; }
"""


class LiveRegion(anywidget.AnyWidget):
    """Shows ``text`` and has screen readers announce every new text politely."""

    _esm = _ESM
    _css = _CSS
    text = traitlets.Unicode("").tag(sync=True)

    def announce(self, sentence: str) -> None:
        """Show ``sentence``; the same sentence twice in a row is announced twice."""
        if sentence == self.text:
            self.text = ""
        self.text = sentence
