"""Writes the request bodies of security review 3's cases against `lcq serve`, built with
OpenTelemetry's own protobuf classes (PyPI's opentelemetry-proto), as the review built them.

    hostile_requests.py SHAPE OUT [ARGUMENTS...]

Shapes:
  headers-one-line BYTES     one record (with a time) whose body is header phrases on one line
  headers-a-line BYTES       the same, one phrase a line
  resource-attributes A R    a resource of A string attributes and R records of one attribute
  runs N [PREFIX]            N records, each with its own cicd.pipeline.run.id (PREFIX0, ...)
  records N                  N records whose body is `x`
  app NAME BUILD LOG         the log's messages as records of the resource service.name=NAME,
                             app.build_id=BUILD (one record a message)
"""
import sys

from opentelemetry.proto.collector.logs.v1 import logs_service_pb2
from opentelemetry.proto.common.v1 import common_pb2
from opentelemetry.proto.logs.v1 import logs_pb2

PHRASE = "Unable to simultaneously satisfy constraints"
TIME = 1_764_600_000_000_000_000


def attribute(key, value):
    return common_pb2.KeyValue(key=key, value=common_pb2.AnyValue(string_value=value))


def request(records, resource=()):
    return logs_service_pb2.ExportLogsServiceRequest(
        resource_logs=[
            logs_pb2.ResourceLogs(
                resource={"attributes": list(resource)},
                scope_logs=[logs_pb2.ScopeLogs(log_records=records)],
            )
        ]
    )


def record(body, attributes=(), time=TIME):
    return logs_pb2.LogRecord(
        time_unix_nano=time, body=common_pb2.AnyValue(string_value=body), attributes=list(attributes)
    )


def messages(log):
    """Each message of LOG, from its header line (the text before the header left out)."""
    found = []
    for line in open(log, encoding="utf-8").read().splitlines():
        start = line.find(PHRASE)
        if start >= 0:
            found.append([line[start:]])
        elif found:
            found[-1].append(line)
    return ["\n".join(lines) for lines in found]


def main():
    shape, out, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    if shape == "headers-one-line":
        count = int(rest[0]) // (len(PHRASE) + 1)
        body = request([record((PHRASE + " ") * count)])
    elif shape == "headers-a-line":
        count = int(rest[0]) // (len(PHRASE) + 1)
        body = request([record((PHRASE + "\n") * count)])
    elif shape == "resource-attributes":
        attributes, records = int(rest[0]), int(rest[1])
        body = request(
            [record("x", [attribute("r", str(i))]) for i in range(records)],
            [attribute(f"k{i}", "v" * 8) for i in range(attributes)],
        )
    elif shape == "runs":
        prefix = rest[1] if len(rest) > 1 else "run-"
        body = request([record("x", [attribute("cicd.pipeline.run.id", f"{prefix}{i}")]) for i in range(int(rest[0]))])
    elif shape == "records":
        body = request([record("x") for _ in range(int(rest[0]))])
    elif shape == "app":
        name, build, log = rest
        body = request(
            [record(text, time=TIME + i * 1_000_000_000) for i, text in enumerate(messages(log))],
            [attribute("service.name", name), attribute("app.build_id", build)],
        )
    else:
        sys.exit(f"unknown shape {shape}")
    with open(out, "wb") as file:
        file.write(body.SerializeToString())


if __name__ == "__main__":
    main()
