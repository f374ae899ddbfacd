-- Issue 34 §1: a series' settings form carries the version it was built from. A series has no
-- log of its own (its changes are logged in its sessions' logs, and a new series has none), so
-- it counts its changes itself: every change to its row or to its list of sessions.
ALTER TABLE bridge_series ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER bridge_series_changed AFTER UPDATE OF name, scoring, points, best, public ON bridge_series
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER bridge_series_session_added AFTER INSERT ON bridge_series_session
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = NEW.series_id;
END;

CREATE TRIGGER bridge_series_session_removed AFTER DELETE ON bridge_series_session
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = OLD.series_id;
END;

-- A player's id is never given again once used: undoing a late entry and redoing it, or
-- undoing a player's removal, puts the player back under the id the rounds and the log know,
-- which another event's new player must not have taken meanwhile. New players take the next id
-- after the highest ever used.
CREATE TABLE player_id_high (high INTEGER NOT NULL);
INSERT INTO player_id_high (high) SELECT coalesce(max(id), 0) FROM player;

CREATE TRIGGER player_id_high_after_insert AFTER INSERT ON player
WHEN NEW.id > (SELECT high FROM player_id_high)
BEGIN
    UPDATE player_id_high SET high = NEW.id;
END;
