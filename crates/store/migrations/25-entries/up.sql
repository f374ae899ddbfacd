-- Issue 23 §4: entries. The organiser opens a public registration form per event (closed by
-- default, optionally until a date and time) and sets the entry fees; players' registrations
-- wait for the arbiter, who validates (the player is created) or rejects them with a reason.
CREATE TABLE entry_settings (
    event_id     INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    open         INTEGER NOT NULL DEFAULT 0,
    -- 'YYYY-MM-DD HH:MM' local time of the server, or '' for no closing time.
    closes_at    TEXT NOT NULL DEFAULT '',
    -- Fees in cents: the default one, the youth one (FFE categories up to Junior, U20;
    -- NULL: the default one),
    -- and whether titled players (GM, IM, WGM, WIM) enter free.
    fee_default  INTEGER NOT NULL DEFAULT 0,
    fee_youth    INTEGER,
    titled_free  INTEGER NOT NULL DEFAULT 0
);

-- A registration sent through the public form. `player` is the player's details as JSON (the
-- store's NewPlayer); `player_id` the player it became once validated (no foreign key: undoing
-- rewrites the event's players with their ids).
CREATE TABLE entry (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    player      TEXT NOT NULL,
    sent_at     TEXT NOT NULL,
    address     TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'validated', 'rejected')),
    decided_at  TEXT NOT NULL DEFAULT '',
    decided_by  TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL DEFAULT '',
    player_id   INTEGER
);
CREATE INDEX entry_by_event ON entry(event_id, status);

-- The challenge a registration form asks (a small sum), stored until answered once.
CREATE TABLE entry_challenge (
    token       TEXT PRIMARY KEY,
    answer      INTEGER NOT NULL,
    created_ms  INTEGER NOT NULL
);

-- What a player paid of the entry fee, set at the desk (no foreign key on the player: undoing
-- rewrites the event's players with their ids, and a payment is not part of that).
CREATE TABLE entry_payment (
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL,
    paid        INTEGER NOT NULL DEFAULT 0,
    method      TEXT NOT NULL DEFAULT '' CHECK (method IN ('', 'cash', 'cheque', 'transfer', 'card')),
    PRIMARY KEY (event_id, player_id)
);
