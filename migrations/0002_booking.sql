-- Listings, their images, reservations, ratings and the conversations between hosts and guests.

CREATE TABLE couches (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    -- A host with listings cannot vanish from under them.
    owner_id       uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    name           text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
    description    text NOT NULL DEFAULT '' CHECK (length(description) <= 10000),
    address        text NOT NULL DEFAULT '' CHECK (length(address) <= 500),
    city           text NOT NULL CHECK (length(btrim(city)) BETWEEN 1 AND 100),
    country        text NOT NULL CHECK (length(btrim(country)) BETWEEN 1 AND 100),
    max_guests     integer NOT NULL CHECK (max_guests BETWEEN 1 AND 50),
    latitude       double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude      double precision CHECK (longitude BETWEEN -180 AND 180),
    time_zone      text NOT NULL,
    check_in_time  time NOT NULL DEFAULT '15:00',
    check_out_time time NOT NULL DEFAULT '11:00',
    nightly_price  numeric(12, 2) NOT NULL DEFAULT 0 CHECK (nightly_price >= 0),
    currency       text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((latitude IS NULL) = (longitude IS NULL))
);
CREATE INDEX couches_owner ON couches (owner_id);

-- Image bytes live on disk under their SHA-256; the rows say which couch shows which, in what order.
CREATE TABLE couch_images (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id     uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    position     integer NOT NULL CHECK (position >= 0),
    sha256       text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
    byte_size    integer NOT NULL CHECK (byte_size BETWEEN 1 AND 5242880),
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (couch_id, position)
);
CREATE INDEX couch_images_sha256 ON couch_images (sha256);

CREATE TABLE reservations (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id     uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    guest_id     uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    -- Check-in date included, check-out date excluded: back-to-back stays do not overlap.
    stay         daterange NOT NULL CHECK (NOT isempty(stay) AND lower_inc(stay) AND NOT upper_inc(stay)
                                           AND NOT lower_inf(stay) AND NOT upper_inf(stay)),
    guests       integer NOT NULL CHECK (guests > 0),
    status       text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
    total_price  numeric(12, 2) NOT NULL CHECK (total_price >= 0),
    currency     text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    created_at   timestamptz NOT NULL DEFAULT now(),
    cancelled_at timestamptz,
    cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
    CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
    -- Two confirmed stays of one couch can never overlap, whatever the concurrency.
    CONSTRAINT reservations_no_overlap EXCLUDE USING gist (couch_id WITH =, stay WITH &&) WHERE (status = 'confirmed'),
    -- Lets ratings prove, in the schema, that their couch and author are the reservation's.
    UNIQUE (id, couch_id, guest_id)
);
CREATE INDEX reservations_guest ON reservations (guest_id, lower(stay));
CREATE INDEX reservations_couch ON reservations (couch_id, lower(stay));

CREATE TABLE ratings (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    reservation_id uuid NOT NULL UNIQUE,
    couch_id       uuid NOT NULL,
    author_id      uuid NOT NULL,
    stars          integer NOT NULL CHECK (stars BETWEEN 1 AND 5),
    comment        text NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
    created_at     timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (reservation_id, couch_id, author_id)
        REFERENCES reservations (id, couch_id, guest_id) ON DELETE CASCADE
);
CREATE INDEX ratings_couch ON ratings (couch_id, created_at DESC, id DESC);

-- A conversation is between two users about one couch; the pair is stored in order so that it is
-- unique whichever of them opened it.
CREATE TABLE conversations (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    couch_id   uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    user_low   uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    user_high  uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (user_low < user_high),
    UNIQUE (couch_id, user_low, user_high)
);
CREATE INDEX conversations_user_low ON conversations (user_low);
CREATE INDEX conversations_user_high ON conversations (user_high);

CREATE TABLE messages (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    body            text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at DESC, id DESC);
