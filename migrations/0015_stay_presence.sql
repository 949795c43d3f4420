-- Whether a stay's guest has arrived and left. The first unlock inside the stay's window, by the
-- stay's code on a keypad or through the app, checks it in; the guest or the host may check it out
-- early, which ends its door codes. A stay is a guest_stays id (a booking here or an imported stay).
CREATE TABLE stay_presence (
    stay_id         uuid PRIMARY KEY,
    couch_id        uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    checked_in_at   timestamptz,
    checked_in_via  text CHECK (checked_in_via IN ('code', 'app')),
    checked_out_at  timestamptz,
    checked_out_via text CHECK (checked_out_via IN ('guest', 'host', 'link')),
    CHECK ((checked_in_at IS NULL) = (checked_in_via IS NULL)),
    CHECK ((checked_out_at IS NULL) = (checked_out_via IS NULL))
);

-- What the hub last reported for an item on its event stream, so a device's state is known
-- without asking the hub.
ALTER TABLE device_items
    ADD COLUMN last_state    text CHECK (length(last_state) <= 2000),
    ADD COLUMN last_state_at timestamptz;
