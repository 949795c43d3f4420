-- A door's lock channel could be made part of a light or a heater, and what guests, stay links and
-- automations may do goes by the device's type: such a device is the lock it commands.
UPDATE devices d SET type = 'lock'
WHERE d.type <> 'lock'
  AND EXISTS (SELECT 1 FROM device_items i
              WHERE i.device_id = d.id AND split_part(i.channel_uid, ':', -1) IN ('lock', 'lock_door'));

-- A scene unlocking one of them is the host's alone from now on.
UPDATE scenes s SET unlocks = true, guest_runnable = false
WHERE EXISTS (SELECT 1 FROM scene_actions a JOIN device_items i ON i.id = a.item_id JOIN devices d ON d.id = a.device_id
              WHERE a.scene_id = s.id AND d.type = 'lock' AND i.is_main AND a.command = 'OFF');

-- Presence simulation switches lights only: it lets go of them, leaving them locked.
DELETE FROM presence_lights l USING devices d WHERE d.id = l.device_id AND d.type = 'lock';
DELETE FROM presence_switches w USING devices d WHERE d.id = w.device_id AND d.type = 'lock';
