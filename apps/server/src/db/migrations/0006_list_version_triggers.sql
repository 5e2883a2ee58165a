-- Keeps projects.version current: a fresh value from project_version_seq whenever anything the project list or the
-- member list shows of a project changes. Triggers rather than application code, so that no write path (today's or
-- a later module's) can change a list without the cached answers noticing.

-- Any change to the project row itself (name, description, activity) unless the change set a version of its own.
CREATE FUNCTION projects_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS NOT DISTINCT FROM OLD.version THEN
    NEW.version := nextval('project_version_seq');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_next_version BEFORE UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION projects_next_version();--> statement-breakpoint

-- Locks the projects in id order before changing them, so that two transactions bumping overlapping sets of
-- projects (two members renaming themselves, say) wait for each other instead of deadlocking.
CREATE FUNCTION bump_project_versions(project_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM projects WHERE id = ANY(project_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE projects SET version = nextval('project_version_seq') WHERE id = ANY(project_ids);
END
$$;--> statement-breakpoint

-- Memberships and invitations: who is in the project, with which role, and who is invited.
CREATE FUNCTION bump_project_version_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_project_versions(ARRAY[NEW.project_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_project_versions(ARRAY[OLD.project_id]);
  ELSE
    PERFORM bump_project_versions(ARRAY[OLD.project_id, NEW.project_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER project_members_bump_version AFTER INSERT OR UPDATE OR DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION bump_project_version_of_row();--> statement-breakpoint
CREATE TRIGGER project_invitations_bump_version AFTER INSERT OR UPDATE OR DELETE ON project_invitations
  FOR EACH ROW EXECUTE FUNCTION bump_project_version_of_row();--> statement-breakpoint

-- A person's name, picture and colour appear in the lists of every project they belong to, and as the inviter of
-- the invitations they sent; their email in member lists.
CREATE FUNCTION bump_project_versions_of_person(person_id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_versions(ARRAY(
    SELECT project_id FROM project_members WHERE user_id = person_id
    UNION
    SELECT project_id FROM project_invitations
      WHERE invited_by = person_id AND accepted_at IS NULL AND revoked_at IS NULL
  ));
END
$$;--> statement-breakpoint
-- The trigger's argument names the column holding the person's id (user_id in profiles, id in users).
CREATE FUNCTION person_in_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_project_versions_of_person((to_jsonb(NEW) ->> TG_ARGV[0])::uuid);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_bump_project_versions AFTER UPDATE ON profiles
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
    OR OLD.color IS DISTINCT FROM NEW.color)
  EXECUTE FUNCTION person_in_lists_changed('user_id');--> statement-breakpoint
CREATE TRIGGER users_bump_project_versions AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION person_in_lists_changed('id');
