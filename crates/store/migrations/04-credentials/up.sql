-- Secrets are kept only as hashes: a copy of the file (a backup, a stolen laptop) opens no
-- session and creates no account. Sessions and setup links of before are dropped (log in again;
-- the server prints a new setup link while no account exists).
DROP TABLE login_session;
CREATE TABLE login_session (
    token_hash TEXT PRIMARY KEY,   -- BLAKE2s-256 of the cookie's token, hexadecimal
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    csrf       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
DROP TABLE setup_token;
CREATE TABLE setup_token (
    token_hash TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);

-- Failed attempts (wrong passwords, wrong board and table codes) by scope and key (an address,
-- an account, or '*' for every address together), shared by every process on the file. Times in
-- milliseconds since 1970. A row whose window has passed counts as empty.
CREATE TABLE throttle (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    failures     INTEGER NOT NULL,
    window_start INTEGER NOT NULL,
    last_failure INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
) WITHOUT ROWID;
