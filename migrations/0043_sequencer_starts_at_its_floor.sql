-- Two costs of the sequencer, each paid at every run (under bookings, every few milliseconds):
--
-- It looked for events without ids from the start of events_unsequenced. An event given its id
-- leaves its old version in that index until the table is vacuumed, which for a table of millions
-- of events comes after hundreds of thousands of them; the scan stepped over all of those (a
-- thousand index pages) to find the few new ones. It now starts above a floor: an outbox id at or
-- below which no event is without an id, nor ever will be. An event's outbox id is drawn inside a
-- transaction that already has its xid (emit_event makes sure), so once every transaction whose
-- xid was given before an outbox id was read has ended, every event up to that id is committed
-- (and so seen by the run) or never will be; the run that sees this, having given ids to all it
-- found, raises the floor to that id, and reads the next candidate. The run that reads a candidate
-- has no xid yet when it does, and takes the one it gets as the candidate's: younger than every
-- transaction that drew up to it. (The outbox sequence caches no values in sessions, CACHE 1: a
-- value read from it has been drawn. sequence_events runs in a transaction of its own.)
--
-- Its notification woke every server's webhook deliverer, which then looked for due deliveries (a
-- statement costing more to plan than a booking's insert) even when the events had no webhook to
-- go to. The payload now says so: the last id given, then " deliveries" when it queued any.
ALTER TABLE event_sequence
    ADD COLUMN floor bigint NOT NULL DEFAULT 0,
    ADD COLUMN next_floor bigint,
    ADD COLUMN next_floor_xid xid8,
    ADD CHECK ((next_floor IS NULL) = (next_floor_xid IS NULL));

COMMENT ON COLUMN event_sequence.floor IS 'no event with an outbox id up to this one is without an id, nor ever will be';
COMMENT ON COLUMN event_sequence.next_floor IS 'the floor to be, once every transaction with an xid before next_floor_xid has ended';

CREATE OR REPLACE FUNCTION emit_event(kind text, target_couch uuid, audience uuid[], payload jsonb, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    -- The transaction's xid before the event's outbox id: the sequencer's floor counts on it.
    PERFORM pg_current_xact_id();
    INSERT INTO events (type, occurred_at, couch_id, owner_id, visible_to, data)
    SELECT kind, coalesce(at, now()), c.id, c.owner_id,
           ARRAY(SELECT DISTINCT u FROM unnest(array_prepend(c.owner_id, audience)) u WHERE u IS NOT NULL),
           jsonb_strip_nulls(payload)
    FROM couches c WHERE c.id = target_couch;
END
$$;

CREATE OR REPLACE FUNCTION sequence_events(batch integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    s event_sequence;
    settled boolean;
    given bigint;
    queued bigint;
    drawn bigint;
    moves boolean := false;
BEGIN
    PERFORM pg_advisory_xact_lock(1163282002);  -- "EVSR"
    SELECT * INTO s FROM event_sequence;
    -- Asked before the events are read, so that what those transactions committed is seen below.
    settled := s.next_floor_xid IS NOT NULL AND pg_snapshot_xmin(pg_current_snapshot()) >= s.next_floor_xid;
    -- Read while this transaction has no xid yet: the one it gets below is younger than that of
    -- every transaction that drew an outbox id up to `drawn`.
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO drawn FROM events_outbox_id_seq;
    WITH next AS (
        SELECT outbox_id, s.last_id + row_number() OVER (ORDER BY outbox_id) AS id
        FROM events WHERE id IS NULL AND outbox_id > s.floor ORDER BY outbox_id LIMIT batch
    )
    UPDATE events e SET id = next.id FROM next WHERE e.outbox_id = next.outbox_id;
    GET DIAGNOSTICS given = ROW_COUNT;
    -- All it found has an id (fewer than a batch): the floor may rise to the candidate, and `drawn`
    -- becomes the next candidate. An idle sequencer whose floor is settled writes nothing.
    IF given < batch THEN
        moves := (settled AND (s.next_floor > s.floor OR drawn > s.next_floor)) OR (s.next_floor_xid IS NULL AND drawn > s.floor);
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
