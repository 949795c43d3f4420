-- Every server now asks for ids as soon as a write of its own commits. A server that found the
-- lock taken returned at once, and the run holding it may have begun before that write was
-- visible: the write's events then waited for some server's next poll, up to 320 ms. Now a caller
-- waits its turn (a run takes milliseconds) and, as each statement of a volatile function sees
-- what committed before it, the lock's wait included, gives ids to what the run before it missed.
CREATE OR REPLACE FUNCTION sequence_events(batch integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    first bigint;
    given bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(1163282002);  -- "EVSR"
    SELECT last_id INTO first FROM event_sequence;
    WITH next AS (
        SELECT outbox_id, first + row_number() OVER (ORDER BY outbox_id) AS id
        FROM events WHERE id IS NULL ORDER BY outbox_id LIMIT batch
    )
    UPDATE events e SET id = next.id FROM next WHERE e.outbox_id = next.outbox_id;
    GET DIAGNOSTICS given = ROW_COUNT;
    IF given = 0 THEN
        RETURN NULL;
    END IF;
    UPDATE event_sequence SET last_id = first + given;
    INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at)
    SELECT w.id, e.id, now()
    FROM events e JOIN webhooks w ON w.user_id = e.owner_id AND w.enabled AND e.type = ANY(w.types)
    WHERE e.id > first AND e.id <= first + given;
    PERFORM pg_notify('events', (first + given)::text);
    RETURN first + given;
END
$$;
