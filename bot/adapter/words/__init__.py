"""The adapter's words: texts, controls, custom ids and languages. Imports nothing
above it."""
