-- The sequencer numbered the events it picked, then updated them. An event deleted meanwhile (its
-- couch deleted, the events cascading) was skipped by the update after the numbers were handed
-- out: its number became a hole, the ones after it were used, and last_id, moved on by the count of
-- rows updated, fell behind them; every later run then gave an id already taken, failed, and no
-- event was given an id again. It now locks the events it picks before it numbers them: one
-- deleted meanwhile is not picked, and the numbers stay gapless.
--
-- Besides: it refuses to run inside a transaction that already has an xid (its floor needs the
-- xid it gets to be younger than the candidate it reads), and a candidate's xid from another
-- cluster (a dump restored elsewhere, where it was never given) is dropped for a new candidate
-- instead of holding the floor until this cluster's xids reach it.
CREATE OR REPLACE FUNCTION sequence_events(batch integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    s event_sequence;
    settled boolean;
    foreign_candidate boolean;
    given bigint;
    queued bigint;
    drawn bigint;
    moves boolean := false;
BEGIN
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'sequence_events runs in a transaction of its own';
    END IF;
    PERFORM pg_advisory_xact_lock(1163282002);  -- "EVSR"
    SELECT * INTO s FROM event_sequence;
    -- Asked before the events are read, so that what those transactions committed is seen below.
    settled := s.next_floor_xid IS NOT NULL AND pg_snapshot_xmin(pg_current_snapshot()) >= s.next_floor_xid;
    foreign_candidate := s.next_floor_xid >= pg_snapshot_xmax(pg_current_snapshot());
    -- Read while this transaction has no xid yet: the one it gets below is younger than that of
    -- every transaction that drew an outbox id up to `drawn`.
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO drawn FROM events_outbox_id_seq;
    WITH picked AS (
        SELECT outbox_id FROM events WHERE id IS NULL AND outbox_id > s.floor ORDER BY outbox_id LIMIT batch FOR UPDATE
    ), next AS (
        SELECT outbox_id, s.last_id + row_number() OVER (ORDER BY outbox_id) AS id FROM picked
    )
    UPDATE events e SET id = next.id FROM next WHERE e.outbox_id = next.outbox_id;
    GET DIAGNOSTICS given = ROW_COUNT;
    -- All it found has an id (fewer than a batch): the floor may rise to the candidate, and `drawn`
    -- becomes the next candidate. An idle sequencer whose floor is settled writes nothing.
    IF given < batch THEN
        moves := (settled AND (s.next_floor > s.floor OR drawn > s.next_floor))
            OR ((s.next_floor_xid IS NULL OR foreign_candidate) AND drawn > s.floor);
    END IF;
    IF given = 0 AND NOT moves THEN
        RETURN NULL;
    END IF;
    UPDATE event_sequence
    SET last_id = s.last_id + given,
        floor = CASE WHEN moves AND settled THEN s.next_floor ELSE floor END,
        next_floor = CASE WHEN moves THEN drawn ELSE next_floor END,
        next_floor_xid = CASE WHEN moves THEN pg_current_xact_id() ELSE next_floor_xid END;
    IF given = 0 THEN
        RETURN NULL;
    END IF;
    INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at)
    SELECT w.id, e.id, now()
    FROM events e JOIN webhooks w ON w.user_id = e.owner_id AND w.enabled AND e.type = ANY(w.types)
    WHERE e.id > s.last_id AND e.id <= s.last_id + given;
    GET DIAGNOSTICS queued = ROW_COUNT;
    PERFORM pg_notify('events', (s.last_id + given)::text || CASE WHEN queued > 0 THEN ' deliveries' ELSE '' END);
    RETURN s.last_id + given;
END
$$;
