#!/usr/bin/env python3
"""Serves a database with real Datasette on 127.0.0.1 and fetches every canned query.

  datasette_panels.py DATABASE METADATA SINCE UNTIL APP

Starts `datasette serve DATABASE --metadata METADATA` on a free local port, waits for it,
fetches `/<db>/<query>.json?_shape=array&since=…&until=…&app=…` for every canned query the
metadata lists (their names are read back from Datasette's own `/-/metadata.json`), stops the
server, and prints one JSON object: query name → rows.
"""
import json
import pathlib
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

database, metadata, since, until, app = sys.argv[1:6]
name = pathlib.Path(database).stem
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
server = subprocess.Popen(
    [sys.executable, "-m", "datasette", "serve", database, "--metadata", metadata,
     "--host", "127.0.0.1", "--port", str(port)],
    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
base = f"http://127.0.0.1:{port}"


def get(path):
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return json.load(response)


try:
    for _ in range(300):
        try:
            served = get("/-/metadata.json")
            break
        except OSError:
            if server.poll() is not None:
                sys.exit("datasette exited: " + server.stderr.read()[-2000:])
            time.sleep(0.1)
    else:
        sys.exit("datasette did not start")
    parameters = urllib.parse.urlencode({"_shape": "array", "since": since, "until": until, "app": app})
    panels = {query: get(f"/{name}/{query}.json?{parameters}")
              for query in served["databases"][name]["queries"]}
finally:
    server.terminate()
    server.wait(timeout=30)
print(json.dumps(panels))
