"""A load generator for `lcq serve`: sends distinct OTLP/HTTP logs requests (protobuf) from
several connections at once and prints what went through.

    otlp_load.py URL TOKEN LOG --requests N --records R --connections C [--write-console FILE]

Every record is one conflict message of LOG (its body from the header on), each with a time
of its own, so no two records are the same event and every one is stored. The requests are
built before the clock starts. Prints one JSON line: messages, seconds, messages a second, and
the requests' latency percentiles (ms). --write-console also writes the same messages as the
console text lcq reads them as (with the prefix lcq writes), for a file ingest side by side.
"""
import argparse
import http.client
import json
import threading
import time
import urllib.parse

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

HEADER = "Unable to simultaneously satisfy constraints"
START = 1_767_225_600 * 1_000_000_000  # 2026-01-01T00:00:00Z
# 10 ms apart by default: a hundred messages a second, as a busy fleet logs them (a run's
# conflicts spread over its minutes). `--spacing-ns 1000` sends a flood of one second.
SPACING = 10_000_000


def messages(log):
    found, current = [], None
    for line in open(log, encoding="utf-8").read().splitlines():
        if HEADER in line:
            if current:
                found.append("\n".join(current))
            current = [line[line.index(HEADER):]]
        elif current is not None:
            current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def build(texts, requests, records, spacing):
    bodies, number = [], 0
    for _ in range(requests):
        request = ExportLogsServiceRequest()
        resource_logs = request.resource_logs.add()
        for key, value in [("service.name", "Bench"), ("app.build_id", "1"), ("cicd.pipeline.run.id", "load")]:
            resource_logs.resource.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
        scope_logs = resource_logs.scope_logs.add()
        for _ in range(records):
            record = scope_logs.log_records.add()
            record.time_unix_nano = START + number * spacing
            record.body.string_value = texts[number % len(texts)]
            number += 1
        bodies.append(request.SerializeToString())
    return bodies


def console(texts, count, spacing):
    lines = []
    for number in range(count):
        nanos = START + number * spacing
        seconds, micros = divmod(nanos // 1000, 1_000_000)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(seconds)) + ".%06d+0000" % micros
        lines.append(stamp + " " + texts[number % len(texts)])
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("log")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--write-console")
    parser.add_argument("--spacing-ns", type=int, default=SPACING, help="nanoseconds between records")
    arguments = parser.parse_args()
    texts = messages(arguments.log)
    bodies = build(texts, arguments.requests, arguments.records, arguments.spacing_ns)
    if arguments.write_console:
        open(arguments.write_console, "w", encoding="utf-8").write(
            console(texts, arguments.requests * arguments.records, arguments.spacing_ns))
    target = urllib.parse.urlparse(arguments.url)
    headers = {"Content-Type": "application/x-protobuf", "Authorization": "Bearer " + arguments.token}
    latencies, failures, lock = [], [], threading.Lock()
    queue = list(reversed(bodies))

    def sender():
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
        while True:
            with lock:
                if not queue:
                    return
                body = queue.pop()
            began = time.perf_counter()
            connection.request("POST", "/v1/logs", body=body, headers=headers)
            answer = connection.getresponse()
            answer.read()
            took = time.perf_counter() - began
            with lock:
                latencies.append(took)
                if answer.status != 200:
                    failures.append(answer.status)

    began = time.perf_counter()
    threads = [threading.Thread(target=sender) for _ in range(arguments.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    latencies.sort()

    def percentile(p):
        return round(1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))], 1)

    sent = arguments.requests * arguments.records
    print(json.dumps({
        "messages": sent, "requests": arguments.requests, "connections": arguments.connections,
        "seconds": round(seconds, 2), "messages_per_second": round(sent / seconds),
        "latency_ms": {"p50": percentile(0.5), "p90": percentile(0.9), "p99": percentile(0.99), "max": percentile(1.0)},
        "failed_requests": len(failures),
    }))


if __name__ == "__main__":
    main()
