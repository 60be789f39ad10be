-- revision: 004_camera_enum
-- parents: 003_news
-- Cameras become events of their own source type.
ALTER TYPE event_source_type ADD VALUE IF NOT EXISTS 'camera';
