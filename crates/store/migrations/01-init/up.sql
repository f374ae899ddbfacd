-- The first schema of the event database. Times are UTC, ISO 8601 text ("2026-11-24T15:48:18Z").

-- Arbiters and directors who log in.
CREATE TABLE account (
    id            INTEGER PRIMARY KEY,
    username      TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,           -- Argon2id, PHC string
    created_at    TEXT NOT NULL
);

-- A logged-in browser: the cookie carries `token`; forms carry `csrf`.
CREATE TABLE login_session (
    token      TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    csrf       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

-- One-time links that create the first account (printed by the server on start).
CREATE TABLE setup_token (
    token      TEXT PRIMARY KEY,
    created_at TEXT NOT NULL
);

-- A chess event (an individual Swiss or round robin).
CREATE TABLE event (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL,
    place          TEXT NOT NULL DEFAULT '',
    federation     TEXT NOT NULL DEFAULT '',
    start_date     TEXT NOT NULL DEFAULT '',   -- YYYY-MM-DD or empty
    end_date       TEXT NOT NULL DEFAULT '',
    chief_arbiter  TEXT NOT NULL DEFAULT '',
    deputy_arbiters TEXT NOT NULL DEFAULT '',  -- one name a line
    time_control   TEXT NOT NULL DEFAULT '',
    rounds         INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 99),
    system         TEXT NOT NULL CHECK (system IN ('swiss', 'round_robin', 'double_round_robin')),
    baku           INTEGER NOT NULL DEFAULT 0 CHECK (baku IN (0, 1)),
    initial_color  TEXT NOT NULL DEFAULT 'w' CHECK (initial_color IN ('w', 'b')),
    -- Point system in tenths of a point (win 10, draw 5, loss 0 by default).
    points_win     INTEGER NOT NULL DEFAULT 10,
    points_draw    INTEGER NOT NULL DEFAULT 5,
    points_loss    INTEGER NOT NULL DEFAULT 0,
    points_bye     INTEGER NOT NULL DEFAULT 10,  -- the pairing-allocated bye
    tiebreaks      TEXT NOT NULL DEFAULT '',     -- "BH/C1,BH,SB" as the tiebreak crate reads it
    rules          TEXT NOT NULL DEFAULT '',     -- edition of the unplayed-game rules; empty: by start date
    bye_limit      INTEGER NOT NULL DEFAULT 2,   -- requested half-point byes allowed per player
    public         INTEGER NOT NULL DEFAULT 1 CHECK (public IN (0, 1)),
    created_at     TEXT NOT NULL
);

-- A registered player. `number` is the pairing number; numbers are reassigned by rating until
-- round 1 is paired, then fixed (late entries take the next free number).
CREATE TABLE player (
    id              INTEGER PRIMARY KEY,
    event_id        INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    number          INTEGER NOT NULL,
    name            TEXT NOT NULL,
    title           TEXT NOT NULL DEFAULT '',
    rating          INTEGER CHECK (rating BETWEEN 0 AND 3999),
    national_rating INTEGER CHECK (national_rating BETWEEN 0 AND 3999),
    federation      TEXT NOT NULL DEFAULT '',
    fide_id         INTEGER,
    birth_date      TEXT NOT NULL DEFAULT '',
    sex             TEXT NOT NULL DEFAULT '' CHECK (sex IN ('', 'm', 'w')),
    club            TEXT NOT NULL DEFAULT '',
    present         INTEGER NOT NULL DEFAULT 0 CHECK (present IN (0, 1)), -- checked in for the next round
    withdrawn_from  INTEGER,                       -- first round the player is no longer paired in
    UNIQUE (event_id, number)
);
CREATE INDEX player_event ON player(event_id);

-- A paired round. Closed rounds refuse edits of their pairing.
CREATE TABLE round (
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL,
    paired_at TEXT NOT NULL,
    PRIMARY KEY (event_id, number)
);

-- One board of a round. `black` is NULL for the pairing-allocated bye.
-- result: NULL (pending), '1-0', '0-1', '1/2', '1F-0F' (white wins by forfeit), '0F-1F', '0F-0F'.
CREATE TABLE game (
    event_id        INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    board           INTEGER NOT NULL,
    white           INTEGER NOT NULL REFERENCES player(id),
    black           INTEGER REFERENCES player(id),
    result          TEXT CHECK (result IN ('1-0', '0-1', '1/2', '1F-0F', '0F-1F', '0F-0F')),
    code            TEXT NOT NULL,                  -- the board's result code, printed for the players
    reported_result TEXT CHECK (reported_result IN ('1-0', '0-1', '1/2')),
    reported_at     TEXT,
    PRIMARY KEY (event_id, round, board),
    FOREIGN KEY (event_id, round) REFERENCES round(event_id, number) ON DELETE CASCADE
);
CREATE UNIQUE INDEX game_code ON game(code);

-- Byes for one round: requested in advance, granted for a late entry, or an absence.
-- kind: 'half' (half-point bye), 'full', 'zero' (absent, no points).
CREATE TABLE bye (
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    round     INTEGER NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('half', 'full', 'zero')),
    PRIMARY KEY (player_id, round)
);

-- Players who must not meet (siblings, club mates).
CREATE TABLE forbidden_pair (
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    a        INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    b        INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    PRIMARY KEY (a, b),
    CHECK (a < b)
);

-- Every arbiter action: who, when, what, and the event as it was before (JSON), from which the
-- state after any action is shown and the last actions are undone.
CREATE TABLE action_log (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER REFERENCES event(id) ON DELETE CASCADE,
    at       TEXT NOT NULL,
    actor    TEXT NOT NULL,
    action   TEXT NOT NULL,   -- a short code: "pair", "result", "withdraw", ...
    detail   TEXT NOT NULL,   -- JSON: what the action said (the form's values)
    before   TEXT,            -- JSON snapshot of the event before the action
    undone   INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
CREATE INDEX action_log_event ON action_log(event_id, id);
