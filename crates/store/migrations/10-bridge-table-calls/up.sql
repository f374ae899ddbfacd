-- Issue 20: what a table asks of the director from its phone. 'director': the table calls the
-- director in a round. 'not_played': the table says a board was not played; the line stays
-- without a result and the director gives it an adjusted score (Law 12), never a contract.
-- Open while cleared_at is NULL; the director clears it (or the director's line settles it).
CREATE TABLE bridge_call (
    id           INTEGER PRIMARY KEY,
    session_id   INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    table_number INTEGER NOT NULL,
    round        INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('director', 'not_played')),
    board        INTEGER,     -- the board a 'not_played' is about
    device       TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    cleared_at   TEXT,
    cleared_by   TEXT,
    CHECK ((kind = 'not_played') = (board IS NOT NULL))
);
CREATE INDEX bridge_call_open ON bridge_call(session_id, cleared_at);

-- After the table confirms a board, its phone shows the line's score and the percentages so far
-- (a club's choice: off unless the director turns it on).
ALTER TABLE bridge_session ADD COLUMN table_results INTEGER NOT NULL DEFAULT 0 CHECK (table_results IN (0, 1));
