-- The weather automation: a weatherWatcher device's thresholds (°C) and the heating and cooling
-- devices of the same couch it switches.

-- Lets the foreign keys below name a device together with its couch and type, so that the schema
-- itself keeps a watcher's devices on the watcher's couch and of the right kind.
ALTER TABLE devices ADD CONSTRAINT devices_id_couch_type UNIQUE (id, couch_id, type);

CREATE TABLE weather_watchers (
    device_id         uuid PRIMARY KEY,
    couch_id          uuid NOT NULL,
    device_type       text NOT NULL DEFAULT 'weatherWatcher' CHECK (device_type = 'weatherWatcher'),
    -- Removing a driven device leaves the watcher in place, driving one device fewer.
    heating_device_id uuid,
    heating_type      text NOT NULL DEFAULT 'heating' CHECK (heating_type = 'heating'),
    cooling_device_id uuid,
    cooling_type      text NOT NULL DEFAULT 'cooling' CHECK (cooling_type = 'cooling'),
    -- Heating goes on below heat_on_below and off above heat_off_above; cooling on above
    -- cool_on_above and off below cool_off_below. Between a pair's thresholds a device stays as
    -- it is, which keeps it from flapping around a single threshold.
    heat_on_below     double precision NOT NULL CHECK (heat_on_below BETWEEN -50 AND 60),
    heat_off_above    double precision NOT NULL CHECK (heat_off_above BETWEEN -50 AND 60),
    cool_on_above     double precision NOT NULL CHECK (cool_on_above BETWEEN -50 AND 60),
    cool_off_below    double precision NOT NULL CHECK (cool_off_below BETWEEN -50 AND 60),
    updated_at        timestamptz NOT NULL,
    FOREIGN KEY (device_id, couch_id, device_type)
        REFERENCES devices (id, couch_id, type) ON DELETE CASCADE,
    FOREIGN KEY (heating_device_id, couch_id, heating_type)
        REFERENCES devices (id, couch_id, type) ON DELETE SET NULL (heating_device_id),
    FOREIGN KEY (cooling_device_id, couch_id, cooling_type)
        REFERENCES devices (id, couch_id, type) ON DELETE SET NULL (cooling_device_id),
    -- Two watchers switching one device with different thresholds would fight over it.
    CONSTRAINT weather_watchers_one_per_heating UNIQUE (heating_device_id),
    CONSTRAINT weather_watchers_one_per_cooling UNIQUE (cooling_device_id),
    CONSTRAINT weather_watchers_heating_gap CHECK (heat_on_below < heat_off_above),
    CONSTRAINT weather_watchers_cooling_gap CHECK (cool_off_below < cool_on_above),
    -- Heating may run up to heat_off_above and cooling down to cool_off_below: apart, they never run at once.
    CONSTRAINT weather_watchers_heating_below_cooling CHECK (heat_off_above < cool_off_below)
);
CREATE INDEX weather_watchers_couch ON weather_watchers (couch_id);
