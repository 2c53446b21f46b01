"""The PostgreSQL backend (asyncpg): the same storage, shared by several processes.

Chosen by ``DATABASE_URL=postgresql://…``. The storage modules' SQL is shared with
SQLite; this package holds what differs: the connection pool, parameter style,
error translation and the migration runner (a version table under an advisory lock).
"""
