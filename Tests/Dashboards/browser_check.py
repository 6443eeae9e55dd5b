#!/usr/bin/env python3
"""Opens an HTML file in headless Chromium and reports what the page did.

  browser_check.py PAGE.html SCREENSHOT.png

Prints one JSON object: `console` (every console message the page produced, CSP violations
included) and `requests` (every network request the page initiated; Chromium's own background
requests, whose initiator is "not an origin", are left out). Chromium's net log records the
requests; its stderr log carries the console.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

page, screenshot = sys.argv[1], sys.argv[2]
with tempfile.TemporaryDirectory() as folder:
    net_log = pathlib.Path(folder) / "net.json"
    run = subprocess.run(
        [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-default-apps", f"--user-data-dir={folder}/profile",
            "--enable-logging=stderr", "--v=0", f"--log-net-log={net_log}",
            "--window-size=1100,2400", f"--screenshot={screenshot}",
            pathlib.Path(page).resolve().as_uri(),
        ],
        capture_output=True, text=True, timeout=120,
    )
    console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    events = json.loads(net_log.read_text()).get("events", []) if net_log.exists() else []
    requests = sorted({
        event["params"]["url"]
        for event in events
        if "url" in event.get("params", {}) and "initiator" in event["params"]
        and event["params"]["initiator"] != "not an origin"
        and not event["params"]["url"].startswith(("file:", "data:"))
    })
print(json.dumps({"status": run.returncode, "console": console, "requests": requests,
                  "screenshot": pathlib.Path(screenshot).exists()}))
