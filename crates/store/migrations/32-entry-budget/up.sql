-- Issue 34: public registration that a script cannot flood. Each event takes at most
-- `pending_limit` entries waiting for the arbiter (past it, the form says it is full); the
-- form's question is a signed token (nothing is stored when a form is shown, so no number of
-- page loads can push a real player's question out): only the spent ones are kept, until they
-- expire, so that one answer registers once.
ALTER TABLE entry_settings ADD COLUMN pending_limit INTEGER NOT NULL DEFAULT 200;
DROP TABLE entry_challenge;
CREATE TABLE entry_challenge_spent (
    nonce      TEXT PRIMARY KEY,
    issued_ms  INTEGER NOT NULL
) WITHOUT ROWID;

-- Keys this server signs with (the registration question's), made at first use; never in a
-- backup.
CREATE TABLE server_secret (
    name   TEXT PRIMARY KEY,
    value  BLOB NOT NULL
) WITHOUT ROWID;
