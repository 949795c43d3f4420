-- Lights, blinds and sensors beside heating, cooling, locks and weather watchers; and the room of
-- the couch a device is in: free text as the host writes it, trimmed, one line (no control
-- characters), 1 to 60 characters; null for none. The event triggers of 0026 read devices.type as
-- a label only (and 'lock' for door events), so they serve the new kinds unchanged.
ALTER TABLE devices
    DROP CONSTRAINT devices_type_check,
    ADD CONSTRAINT devices_type_check
        CHECK (type IN ('heating', 'cooling', 'weatherWatcher', 'lock', 'light', 'blinds', 'sensor')),
    ADD COLUMN room text
        CONSTRAINT devices_room CHECK (room = btrim(room) AND length(room) BETWEEN 1 AND 60 AND room !~ '[\u0001-\u001f\u007f-\u009f]');
