"""Sends a log's conflict messages to `lcq serve` as OpenTelemetry log records, through the
OpenTelemetry SDK and its OTLP/HTTP exporter (protobuf), as an app or a collector would.

    otlp_send.py URL TOKEN LOG [--per-line] [--attribute KEY=VALUE ...] [--record-attribute KEY=VALUE ...]

Each message of LOG (from a line holding the header phrase to the line before the next one)
is one record whose body is the message without the log prefix before the header, and whose
time is the prefix's timestamp; with --per-line each line of LOG is a record of its own, as a
file-reading collector sends them. --attribute sets a resource attribute, --record-attribute
one on every record. Prints the number of records sent, and exits 1 when the export failed.
"""
import argparse
import datetime
import re
import sys

from opentelemetry._logs import LogRecord
from opentelemetry.sdk._logs import LoggerProvider
from opentelemetry.sdk._logs.export import BatchLogRecordProcessor, LogRecordExporter, LogRecordExportResult
from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
from opentelemetry.sdk.resources import Resource

HEADERS = ("Unable to simultaneously satisfy constraints", "Conflicting constraints detected")
STAMP = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+)([+-]\d{4})?")


def pairs(values):
    return dict(value.split("=", 1) for value in values or [])


def records(text, per_line):
    """(time in ns or None, body) for each record to send."""
    lines = text.splitlines()
    if per_line:
        return [(None, line) for line in lines]
    found, current = [], None
    for line in lines:
        start = min((line.find(h) for h in HEADERS if h in line), default=-1)
        if start >= 0:
            if current:
                found.append(current)
            stamp = STAMP.match(line)
            time = None
            if stamp:
                when = datetime.datetime.strptime(stamp.group(1)[:26], "%Y-%m-%d %H:%M:%S.%f")
                offset = stamp.group(2) or "+0000"
                minutes = int(offset[1:3]) * 60 + int(offset[3:5])
                delta = datetime.timedelta(minutes=minutes if offset[0] == "+" else -minutes)
                when = (when - delta).replace(tzinfo=datetime.timezone.utc)
                time = int(when.timestamp()) * 1_000_000_000 + when.microsecond * 1000
            current = (time, [line[start:]])
        elif current:
            current[1].append(line)
    if current:
        found.append(current)
    return [(time, "\n".join(body)) for time, body in found]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("token")
    parser.add_argument("log")
    parser.add_argument("--per-line", action="store_true")
    parser.add_argument("--attribute", action="append")
    parser.add_argument("--record-attribute", action="append")
    arguments = parser.parse_args()
    exporter = OTLPLogExporter(
        endpoint=arguments.url.rstrip("/") + "/v1/logs",
        headers={"Authorization": "Bearer " + arguments.token},
        timeout=30,
    )
    outcome = Outcome(exporter)
    provider = LoggerProvider(resource=Resource.create(pairs(arguments.attribute)))
    # One request for the whole log, so that no message is cut between two.
    provider.add_log_record_processor(
        BatchLogRecordProcessor(outcome, max_export_batch_size=100_000, max_queue_size=100_000, schedule_delay_millis=60_000)
    )
    logger = provider.get_logger("lcq-test")
    sent = records(open(arguments.log, encoding="utf-8").read(), arguments.per_line)
    attributes = pairs(arguments.record_attribute)
    for time, body in sent:
        logger.emit(LogRecord(timestamp=time, observed_timestamp=time, body=body, attributes=attributes))
    provider.force_flush(60_000)
    provider.shutdown()
    print(len(sent))
    sys.exit(0 if outcome.succeeded else 1)


class Outcome(LogRecordExporter):
    """The exporter, remembering whether every export succeeded."""

    def __init__(self, exporter):
        self.exporter = exporter
        self.succeeded = True

    def export(self, batch):
        result = self.exporter.export(batch)
        self.succeeded = self.succeeded and result == LogRecordExportResult.SUCCESS
        return result

    def shutdown(self):
        self.exporter.shutdown()

    def force_flush(self, timeout_millis=30_000):
        return True


if __name__ == "__main__":
    main()
