# Finished by the "Ship it" issue; for now it builds and runs the CLI.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY render render
COPY bot bot
COPY cli cli
RUN pip install --no-cache-dir .
CMD ["kachuful", "--help"]
