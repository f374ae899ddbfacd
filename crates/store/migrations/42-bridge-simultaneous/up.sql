-- Issue 38 §3: a simultaneous pairs session keeps the other clubs' results of the same deals as
-- their files were uploaded (USEBIO or PBN); the crate's readers read them again to rank the
-- whole field, so a better reader later ranks old uploads better too.
CREATE TABLE bridge_sim_club (
    id          INTEGER PRIMARY KEY,
    session_id  INTEGER NOT NULL REFERENCES bridge_session(id) ON DELETE CASCADE,
    club        TEXT NOT NULL,
    file        TEXT NOT NULL,
    content     TEXT NOT NULL
);
CREATE INDEX bridge_sim_club_session ON bridge_sim_club(session_id);
