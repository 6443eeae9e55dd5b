#!/usr/bin/env python3
"""Lays a report out in headless Chromium at a given width and lists what overflows its box.

  layout_check.py PAGE.html WIDTH

Prints one JSON object: `overflowing`, every piece of text inside a card (`.stat`, a conflict's
card, a table cell) drawn past its card's right edge, and `checked`, how many were measured. The page's own policy forbids scripts, so a copy without it gets a
small script that measures after layout and writes its answer into the page, which Chromium
then prints (`--dump-dom`).
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

MEASURE = """
<script>
window.addEventListener("load", () => {
  const out = [];
  let checked = 0;
  for (const card of document.querySelectorAll(".stat, .conflict, td")) {
    const edge = card.getBoundingClientRect().right + 0.5;
    // Each piece of text, measured where it is drawn (a block's box keeps its card's width
    // while its text runs out of it).
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      checked += 1;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > edge) out.push(node.textContent.trim().slice(0, 80));
    }
  }
  const answer = document.createElement("pre");
  answer.id = "layout-check";
  answer.textContent = JSON.stringify({overflowing: out, checked: checked});
  document.body.appendChild(answer);
});
</script>
"""

page, width = sys.argv[1], int(sys.argv[2])
html = pathlib.Path(page).read_text()
html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
html = html.replace("</body>", MEASURE + "</body>")
with tempfile.TemporaryDirectory() as folder:
    copy = pathlib.Path(folder) / "page.html"
    copy.write_text(html)
    run = subprocess.run(
        [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-background-networking", f"--user-data-dir={folder}/profile", f"--window-size={width},900",
            "--virtual-time-budget=3000", "--dump-dom", copy.as_uri(),
        ],
        capture_output=True, text=True, timeout=120,
    )
match = re.search(r'<pre id="layout-check">(.*?)</pre>', run.stdout, re.S)
if not match:
    print(json.dumps({"error": "no answer from the page", "status": run.returncode}))
    sys.exit(1)
print(match.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
