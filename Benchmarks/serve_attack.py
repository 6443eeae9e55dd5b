"""A mixed load on `lcq serve`: security review 3's worst request shapes from several tokens at
once, beside ordinary clients, while `/healthz` is probed (BENCHMARKS.md, "The collector under
attack").

    serve_attack.py URL PID ORDINARY_TOKEN ATTACK_TOKEN... [--seconds S] [--clients N]

For S seconds (60): N ordinary clients (200), each on its own keep-alive connection, send a
5-message OTLP request of their own every 0.5 s; each attack token loops over the worst shapes
(4 MiB of header phrases on one line, a resource of 10,000 attributes over 2,000 records,
3,000 runs in one request, a 77 KB gzip that inflates to 15 MiB, a million tiny records), built
before the clock starts, and
50 idle connections and 10 bodies sent a byte a second are held open; `/healthz` is asked every
100 ms. Prints one JSON line: `/healthz`'s and the ordinary requests' latency percentiles (ms),
the statuses each got, the attacks' statuses, and the server's peak RSS (`/proc/PID/status`).
"""
import argparse
import gzip
import http.client
import json
import socket
import threading
import time
import urllib.parse

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

PHRASE = "Unable to simultaneously satisfy constraints"
START = 1_767_225_600 * 1_000_000_000


def request(bodies, resource=(), record_attributes=None, time=START):
    message = ExportLogsServiceRequest()
    logs = message.resource_logs.add()
    for key, value in resource:
        logs.resource.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
    scope = logs.scope_logs.add()
    for index, body in enumerate(bodies):
        record = scope.log_records.add()
        record.time_unix_nano = time + index * 1_000_000
        record.body.string_value = body
        for key, value in (record_attributes(index) if record_attributes else []):
            record.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
    return message.SerializeToString()


def message(client, number):
    return (
        f"{PHRASE}.\n(\n"
        f'    "<NSLayoutConstraint:0x{client:x}{number:06x} UIView:0x7f01.width == 40   (active)>",\n'
        f'    "<NSLayoutConstraint:0x{client:x}{number:06x}1 UIView:0x7f01.width == 60   (active)>"\n)'
    )


def attacks():
    bulk = "".join(message(0xBAD, index) + "\n" for index in range(18_000)).encode()
    return [
        ("/v1/logs", "application/x-protobuf", None, request([(PHRASE + " ") * ((4 << 20) // 45)])),
        ("/v1/logs", "application/x-protobuf", None,
         request(["x"] * 2000, [(f"k{i}", "v" * 8) for i in range(10_000)], lambda i: [("r", str(i))])),
        ("/v1/logs", "application/x-protobuf", None,
         request(["x"] * 3000, record_attributes=lambda i: [("cicd.pipeline.run.id", f"run-{i}")])),
        ("/v1/ingest?app=Bulk&build=1", "text/plain", "gzip", gzip.compress(bulk)),
        ("/v1/logs", "application/x-protobuf", None, request(["x"] * 1_000_000)),
    ]


def percentile(values, fraction):
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))], 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("pid")
    parser.add_argument("ordinary")
    parser.add_argument("attackers", nargs="+")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=200)
    arguments = parser.parse_args()
    address = urllib.parse.urlparse(arguments.url)
    host, port = address.hostname, address.port
    shapes = attacks()  # built before the clock starts
    stop = time.monotonic() + arguments.seconds
    lock = threading.Lock()
    health, ordinary, statuses, attacked = [], [], {}, {}
    peak = [0]

    def count(table, key):
        with lock:
            table[key] = table.get(key, 0) + 1

    def ordinary_client(client):
        connection = http.client.HTTPConnection(host, port, timeout=30)
        number = 0
        while time.monotonic() < stop:
            body = request([message(client, number * 5 + k) for k in range(5)],
                           [("service.name", "Ordinary"), ("host.name", f"runner-{client}")],
                           time=START + client * 10**12 + number * 10**9)
            number += 1
            began = time.monotonic()
            try:
                connection.request("POST", "/v1/logs", body, {
                    "Authorization": "Bearer " + arguments.ordinary, "Content-Type": "application/x-protobuf"})
                answer = connection.getresponse()
                answer.read()
                count(statuses, answer.status)
                with lock:
                    ordinary.append((time.monotonic() - began) * 1000)
            except Exception as error:
                count(statuses, type(error).__name__)
                connection = http.client.HTTPConnection(host, port, timeout=30)
            time.sleep(max(0, 0.5 - (time.monotonic() - began)))

    def attacker(token):
        index = 0
        while time.monotonic() < stop:
            path, kind, encoding, body = shapes[index % len(shapes)]
            index += 1
            headers = {"Authorization": "Bearer " + token, "Content-Type": kind}
            if encoding:
                headers["Content-Encoding"] = encoding
            try:
                connection = http.client.HTTPConnection(host, port, timeout=30)
                connection.request("POST", path, body, headers)
                answer = connection.getresponse()
                answer.read()
                count(attacked, answer.status)
                connection.close()
            except Exception as error:
                count(attacked, type(error).__name__)

    def prober():
        while time.monotonic() < stop:
            began = time.monotonic()
            try:
                connection = http.client.HTTPConnection(host, port, timeout=10)
                connection.request("GET", "/healthz")
                connection.getresponse().read()
                connection.close()
                with lock:
                    health.append((time.monotonic() - began) * 1000)
            except Exception:
                with lock:
                    health.append(10_000.0)
            time.sleep(0.1)

    def idle_and_slow():
        held = []
        for index in range(60):
            try:
                held.append(socket.create_connection((host, port), timeout=5))
            except OSError:
                pass
        slow = held[50:]
        for connection in slow:
            connection.sendall(
                f"POST /v1/ingest?app=Slow HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {arguments.ordinary}\r\n"
                "Content-Length: 100000\r\n\r\n".encode())
        while time.monotonic() < stop:
            for connection in slow:
                try:
                    connection.sendall(b"a")
                except OSError:
                    pass
            time.sleep(1)

    def memory():
        while time.monotonic() < stop + 2:
            for line in open(f"/proc/{arguments.pid}/status"):
                if line.startswith("VmHWM:"):
                    peak[0] = max(peak[0], int(line.split()[1]) // 1024)
            time.sleep(0.5)

    threads = [threading.Thread(target=ordinary_client, args=(client,)) for client in range(arguments.clients)]
    threads += [threading.Thread(target=attacker, args=(token,)) for token in arguments.attackers]
    threads += [threading.Thread(target=prober), threading.Thread(target=idle_and_slow), threading.Thread(target=memory)]
    for thread in threads:
        thread.daemon = True
        thread.start()
    for thread in threads:
        thread.join(arguments.seconds + 60)
    print(json.dumps({
        "healthz_ms": {"p50": percentile(health, 0.5), "p99": percentile(health, 0.99), "max": percentile(health, 1)},
        "ordinary_ms": {"p50": percentile(ordinary, 0.5), "p99": percentile(ordinary, 0.99)},
        "ordinary_statuses": statuses, "attack_statuses": attacked, "peak_rss_mb": peak[0],
    }, sort_keys=True))


if __name__ == "__main__":
    main()
