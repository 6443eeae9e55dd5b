"""One session of a real MCP client (PyPI's `mcp`) with `lcq mcp`, for MCPCommandTests.

Usage: python3 mcp_session.py LCQ DATABASE LOG SOURCE_ROOT

Starts `LCQ mcp --db DATABASE` over stdio, initialises, lists the tools, makes good and bad
calls, and prints one JSON object: what the server answered to each, for the Swift test to
check against `lcq analyze --format json` and the other commands.
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def answer(result):
    """A tool result as plain data: its error flag, its text and its structured content."""
    texts = [item.text for item in result.content if getattr(item, "type", "") == "text"]
    return {"is_error": bool(result.is_error), "text": "\n".join(texts), "structured": result.structured_content}


async def session(lcq, database, log, source_root):
    with open(log, encoding="utf-8") as handle:
        text = handle.read()
    server = StdioServerParameters(command=lcq, args=["mcp", "--db", database], env={"NO_COLOR": "1"})
    out = {}
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as client:
            init = await client.initialize()
            out["server"] = {"name": init.server_info.name, "protocol": init.protocol_version}
            tools = await client.list_tools()
            out["tools"] = sorted(tool.name for tool in tools.tools)
            out["analyze"] = answer(await client.call_tool("analyze_log", {"log": text, "file_name": log}))
            out["owned"] = answer(
                await client.call_tool("analyze_log", {"log": text, "file_name": log, "source_root": source_root})
            )
            out["top"] = answer(await client.call_tool("top_conflicts", {"limit": 3, "owner": "all"}))
            out["show"] = answer(await client.call_tool("show_conflict", {"fingerprint": "v3:08d2"}))
            out["check"] = answer(await client.call_tool("check_build", {}))
            out["top_damage"] = answer(
                await client.call_tool("top_conflicts", {"limit": 3, "owner": "all", "by": "damage", "min_damage": 1})
            )
            out["check_damage"] = answer(await client.call_tool("check_build", {"min_damage": 1000}))
            out["tests"] = answer(await client.call_tool("conflict_tests", {"fingerprint": "v3:b2227e"}))
            out["tests_since"] = answer(
                await client.call_tool("conflict_tests", {"fingerprint": "v3:b2227e", "since": "2023-10-10"})
            )
            bad = {
                "missing_log": ("analyze_log", {}),
                "log_not_text": ("analyze_log", {"log": 42}),
                "unknown_argument": ("analyze_log", {"log": "x", "colour": "red"}),
                "too_big": ("analyze_log", {"log": "x" * (4 * 1024 * 1024 + 1)}),
                "limit_out_of_range": ("top_conflicts", {"limit": 1000}),
                "bad_owner": ("top_conflicts", {"owner": "everyone"}),
                "bad_since": ("top_conflicts", {"since": "yesterday-ish"}),
                "bad_min_damage": ("top_conflicts", {"min_damage": -1}),
                "no_such_conflict": ("show_conflict", {"fingerprint": "v3:ffff"}),
                "both_scopes": ("check_build", {"build": "1", "run_id": "2"}),
                "tests_without_fingerprint": ("conflict_tests", {"since": "7d"}),
                "no_source_root": ("analyze_log", {"log": "x", "source_root": "/nonexistent/app"}),
            }
            out["bad"] = {}
            for key, (tool, arguments) in bad.items():
                out["bad"][key] = answer(await client.call_tool(tool, arguments))
            try:
                await client.call_tool("no_such_tool", {})
                out["unknown_tool"] = "answered"
            except Exception as error:  # the protocol's error, raised by the client
                out["unknown_tool"] = str(error)
            # After every bad call the server still answers.
            out["after"] = answer(await client.call_tool("analyze_log", {"log": "no conflict here\n"}))
    print(json.dumps(out))


asyncio.run(session(*sys.argv[1:5]))
