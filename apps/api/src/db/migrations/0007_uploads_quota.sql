-- Uploads: per-client limits and orphan cleanup (modules/uploads, jobs/uploads-orphans.ts).

-- The limits count one client's uploads of the last hour and sum its stored bytes.
create index uploads_owner_created_idx on uploads (owner_client_id, created_at);
drop index uploads_owner_idx;

-- The cleanup looks for old uploads, then for anything that refers to each one; deleting an upload
-- also makes PostgreSQL check every foreign key to it. Without these, each check scans its table.
create index uploads_created_idx on uploads (created_at);
create index clients_avatar_upload_idx on clients (avatar_upload_id) where avatar_upload_id is not null;
create index kyc_submissions_front_upload_idx on kyc_submissions (id_front_upload_id);
create index kyc_submissions_back_upload_idx on kyc_submissions (id_back_upload_id)
  where id_back_upload_id is not null;
create index deposits_proof_upload_idx on deposits (proof_upload_id) where proof_upload_id is not null;
