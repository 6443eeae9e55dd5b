#!/usr/bin/env bash
# Writes Sources/LCQCollector/OTLP/Generated/: the Swift types of OpenTelemetry's logs protocol
# (OTLP/HTTP's ExportLogsServiceRequest and what it holds), made by swift-protobuf's
# protoc-gen-swift. The generated files are committed, so building lcq never runs protoc; run
# this again only to follow a newer protocol version.
#
# The schema comes from PyPI's opentelemetry-proto (the version pinned below), whose modules
# carry each .proto file's compiled descriptor: they are written out as one descriptor set and
# given to protoc with --descriptor_set_in. Needs protoc (Debian's protobuf-compiler) and
# protoc-gen-swift 1.39.0 on PATH (`swift build -c release --product protoc-gen-swift` in a
# checkout of apple/swift-protobuf at 1.39.0).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check opentelemetry-proto==1.45.2
"$work/venv/bin/python3" - "$work/otlp.pb" <<'PYTHON'
import sys
from google.protobuf import descriptor_pb2
from opentelemetry.proto.collector.logs.v1 import logs_service_pb2

files = {}
def add(descriptor):
    for dependency in descriptor.dependencies:
        add(dependency)
    if descriptor.name not in files:
        proto = descriptor_pb2.FileDescriptorProto()
        descriptor.CopyToProto(proto)
        files[descriptor.name] = proto

add(logs_service_pb2.DESCRIPTOR)
descriptor_set = descriptor_pb2.FileDescriptorSet()
descriptor_set.file.extend(files.values())
open(sys.argv[1], "wb").write(descriptor_set.SerializeToString())
PYTHON
out=Sources/LCQCollector/OTLP/Generated
rm -f "$out"/*.pb.swift
protoc --descriptor_set_in="$work/otlp.pb" --swift_out="$out" --swift_opt=Visibility=Internal \
  --swift_opt=FileNaming=PathToUnderscores \
  opentelemetry/proto/common/v1/common.proto opentelemetry/proto/resource/v1/resource.proto \
  opentelemetry/proto/logs/v1/logs.proto opentelemetry/proto/collector/logs/v1/logs_service.proto
# Compiled with the Collector trait only, as the rest of LCQCollector.
for file in "$out"/*.pb.swift; do
  { echo '// swift-format-ignore-file'; echo '#if Collector'; cat "$file"; echo '#endif'; } >"$file.new"
  mv "$file.new" "$file"
done
ls "$out"
