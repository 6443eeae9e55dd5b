#!/usr/bin/env python3
"""Finishes the man page swift-argument-parser's generate-manual plugin wrote (scripts/man).

    man-finish.py PAGE HELP.json

- Each empty line of the page (a paragraph break in a command's discussion) becomes `.Pp`, so
  that mdoc reads it without a warning.
- Each option gets the default `lcq help` shows, read from the commands' own description
  (`lcq --experimental-dump-help`, HELP.json): "(default: 20)" after its text, unless the text
  already names a default.

The page is rewritten in place.
"""
import json
import re
import sys

OPTION = re.compile(r"^\.It Fl (?:[a-z] , )?-([a-z0-9-]+)")
COMMAND = re.compile(r"^\.It Em ([a-z-]+)$")


def defaults(command, path=()):
    """{(command path, long option name): default} for `command` and its subcommands."""
    found = {}
    for argument in command.get("arguments", []):
        value = argument.get("defaultValue")
        names = [n["name"] for n in argument.get("names", []) if n["kind"] == "long"]
        if value not in (None, "") and names:
            found[(path, names[0])] = value
    for sub in command.get("subcommands", []):
        found.update(defaults(sub, path + (sub["commandName"],)))
    return found


def finish(lines, known):
    out = []
    depth = 0
    commands = {}  # list depth -> the command whose item opened it
    pending = None  # the default to add to the next text line
    for line in lines:
        if line.startswith(".Bl"):
            depth += 1
        elif line.startswith(".El"):
            commands = {d: c for d, c in commands.items() if d < depth}
            depth -= 1
        command = COMMAND.match(line)
        if command:
            commands = {d: c for d, c in commands.items() if d <= depth}
            commands[depth] = command.group(1)
        option = OPTION.match(line)
        if pending is not None and not line.startswith("."):
            if "default" not in line.lower():
                line = line.rstrip() + f" (default: {pending})"
            pending = None
        elif pending is not None:
            out.append(f"Default: {pending}.")
            pending = None
        if option:
            path = tuple(commands[d] for d in sorted(commands) if d < depth)
            pending = known.get((path, option.group(1)))
        out.append(".Pp" if line.strip() == "" else line)
    return out


def main():
    page, help_json = sys.argv[1], sys.argv[2]
    with open(help_json, encoding="utf-8") as file:
        known = defaults(json.load(file)["command"])
    with open(page, encoding="utf-8") as file:
        lines = file.read().split("\n")
    trailing = lines and lines[-1] == ""
    body = finish(lines[:-1] if trailing else lines, known)
    with open(page, "w", encoding="utf-8") as file:
        file.write("\n".join(body) + ("\n" if trailing else ""))


if __name__ == "__main__":
    main()
