import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { readThemePreference, saveThemePreference, type ThemePreference } from '../../lib/theme';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast';
import { updateProfile } from './api';
import { ColourField } from './colour-field';
import { checkProfileDraft, type ProfileDraft, type ProfileErrors, profilePatchFrom } from './profile-validation';
import { ThemeField } from './theme-field';

export interface ProfileFormProps {
  onDone(): void;
}

const defaultColor = '#2747b8';

/** Only web addresses are previewed; anything else would be a pointless (and CSP-blocked) request. */
function previewUrl(avatarUrl: string): string {
  const trimmed = avatarUrl.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : '';
}

export function ProfileForm({ onDone }: ProfileFormProps) {
  const { user, applyProfile } = useAuth();
  const [draft, setDraft] = useState<ProfileDraft>({
    name: user?.name ?? '',
    color: user?.color || defaultColor,
    avatarUrl: user?.avatarUrl ?? '',
  });
  const [theme, setTheme] = useState<ThemePreference>(readThemePreference);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useMutation({ mutationFn: updateProfile, onSuccess: applyProfile });

  if (!user) return <p role="alert">Your profile could not be loaded. Reload the page and try again.</p>;
  const savedUser = user;

  function change(field: keyof ProfileDraft, value: string): void {
    setDraft((current) => ({ ...current, [field]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problems = checkProfileDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    saveThemePreference(theme);
    const patch = profilePatchFrom(draft, savedUser);
    if (Object.keys(patch).length > 0) {
      try {
        await save.mutateAsync(patch);
      } catch (error) {
        console.warn('The profile was not saved', error);
        return;
      }
    }
    toast.success('Your profile has been saved.');
    onDone();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <Avatar name={draft.name || user.email} color={draft.color} avatarUrl={previewUrl(draft.avatarUrl)} size={48} />
        <div className="min-w-0">
          <p className="truncate font-medium">{draft.name || 'Your name'}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>
      <TextField
        label="Name"
        autoComplete="name"
        value={draft.name}
        onChange={(event) => change('name', event.target.value)}
        error={errors.name}
      />
      <ColourField value={draft.color} onChange={(value) => change('color', value)} error={errors.color} />
      <TextField
        label="Avatar URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="A link to a square picture; leave empty to show your initials."
        value={draft.avatarUrl}
        onChange={(event) => change('avatarUrl', event.target.value)}
        error={errors.avatarUrl}
      />
      <ThemeField value={theme} onChange={setTheme} />
      {save.isError ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          Your profile could not be saved. Check the fields and try again.
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
