-- What a host tells the guest before arrival: Wi-Fi, how to get in and out, the house's rules,
-- parking and whom to call. Plain text; the Wi-Fi password is sealed like hub tokens.
CREATE TABLE couch_guides (
    couch_id             uuid PRIMARY KEY REFERENCES couches (id) ON DELETE CASCADE,
    wifi_name            text CHECK (length(wifi_name) <= 64),
    wifi_password_sealed bytea,
    arrival              text CHECK (length(arrival) <= 4000),
    departure            text CHECK (length(departure) <= 4000),
    house_rules          text CHECK (length(house_rules) <= 4000),
    parking              text CHECK (length(parking) <= 2000),
    host_contact_name    text CHECK (length(host_contact_name) <= 100),
    host_contact_phone   text CHECK (length(host_contact_phone) <= 40),
    updated_at           timestamptz NOT NULL
);
