# syntax=docker/dockerfile:1
# kachuful-bot: a Discord bot for Kachuful. Build: docker build -t kachuful-bot .
# Run:   docker run -d --name kachuful --env-file .env -v kachuful-data:/data kachuful-bot

# --- build: wheels for the dependencies first (cached while only the source changes) ---
FROM python:3.11-slim AS build
WORKDIR /src
RUN python -m venv /venv
ENV PATH="/venv/bin:$PATH" PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml ./
# Install only the runtime dependencies, from the project's metadata, before the source.
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml','rb'))['project']['dependencies']))" > requirements.txt \
 && pip install -r requirements.txt
# The README is the package's long description: copied after the dependencies, so
# editing it rebuilds only the layers below.
COPY README.md ./
COPY engine engine
COPY render render
COPY ai ai
COPY bot bot
COPY cli cli
COPY i18n i18n
COPY migrations migrations
RUN pip install --no-deps .

# --- run: a slim image with the virtual environment and no build tools -----------------
FROM python:3.11-slim
# tini as PID 1 passes docker stop's SIGTERM on to the bot and reaps zombie processes
# (Python as PID 1 does neither by default); no --init needed on `docker run`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 kachuful && mkdir /data && chown kachuful /data
COPY --from=build /venv /venv
ENV PATH="/venv/bin:$PATH" \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/kachuful.db \
    STATUS_PATH=/data/status.json
USER kachuful
WORKDIR /home/kachuful
VOLUME ["/data"]
# Healthy = connected to Discord and the database writable, as the bot itself reports.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["kachuful", "health", "--status-file", "/data/status.json"]
# SIGTERM: the bot finishes the moves in progress, closes the database and the gateway.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["kachuful-bot"]
