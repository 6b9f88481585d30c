#!/usr/bin/env bash
# Adapter tests (OpenClaw plugin, Pi, Hermes, OpenCode). Filled in with the adapters.
set -euo pipefail
echo "no adapter tests yet"
