import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowBackUp } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { STYLE_KEYS, statusesFor, type Project, type StyleTriple } from '@planvy/shared';
import { errorMessage, errorWithDetail } from '../../../lib/error-message';
import { toast, TOAST_MS } from '../../../lib/toast';
import { useProjectStyles } from '../api/get-project-styles';
import { useSaveProjectStyles } from '../api/save-project-styles';
import {
  changedKeys,
  contrastWarnings,
  defaultDraft,
  draftFromTriples,
  draftProblems,
  draftToScss,
  draftToTriples,
  zoneColourWarnings,
  type StyleDraft,
} from '../style-draft';
import { StyleControls } from './style-controls';
import { StylePreview } from './style-preview';
import { ThemeBar } from './theme-bar';
import classes from './styles-editor.module.css';

export interface StylesEditorProps {
  project: Project;
  /** Told whenever the draft starts or stops differing from what is saved. */
  onDirtyChange: (dirty: boolean) => void;
  /** Cancel: the drawer asks before dropping unsaved changes. */
  onCancel: () => void;
}

/** The styles drawer's content: loads the project's saved styles, then edits a draft of them. */
export function StylesEditor(props: StylesEditorProps) {
  const { t } = useTranslation();
  const saved = useProjectStyles(props.project.id);
  if (saved.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (saved.isError) {
    return (
      <Alert color="red" title={t('styles.loadFailed')} role="alert">
        {errorMessage(saved.error)}
      </Alert>
    );
  }
  return <DraftEditor {...props} saved={saved.data} />;
}

function DraftEditor({
  project,
  onDirtyChange,
  onCancel,
  saved,
}: StylesEditorProps & { saved: StyleTriple[] }) {
  const { t } = useTranslation();
  const save = useSaveProjectStyles(project.id);
  const savedDraft = useMemo(() => draftFromTriples(saved), [saved]);
  const savedRef = useRef(savedDraft);
  savedRef.current = savedDraft;
  // null while nothing was typed: the saved styles are the draft.
  const [edited, setEdited] = useState<StyleDraft | null>(null);
  const draft = edited ?? savedDraft;

  const onChange = useCallback(
    (name: string, value: string) => setEdited((d) => ({ ...(d ?? savedRef.current), [name]: value })),
    [],
  );
  const changed = changedKeys(draft, savedDraft).length;
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const warnings = useMemo(() => contrastWarnings(draft), [draft]);
  // The zones a buyer of this project can see: its type's statuses and inactive apartments.
  const fills = useMemo(() => {
    const own = new Set(statusesFor(project.type).map((s) => s.alias));
    return STYLE_KEYS.filter(
      (k) => k.attr === 'svg' && k.status && (k.status === 'inactive' || own.has(k.status)),
    ).map((k) => k.name);
  }, [project.type]);
  const zoneWarnings = useMemo(() => zoneColourWarnings(draft, fills), [draft, fills]);
  const preview = useMemo(() => draftToTriples(draft), [draft]);

  useEffect(() => onDirtyChange(changed > 0), [changed, onDirtyChange]);
  // Closing or reloading the tab with unsaved styles asks first.
  useEffect(() => {
    if (changed === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const submit = () => {
    if (changed === 0 || problems.size > 0) return;
    save.mutate(draftToScss(draft), {
      onSuccess: () => {
        // What the server stored is now the saved copy, and the draft.
        setEdited(null);
        toast.success(t('styles.saved'));
      },
      onError: (error) => toast.error(errorWithDetail(error), { autoClose: TOAST_MS.long }),
    });
  };

  const status =
    problems.size > 0
      ? t('styles.fixErrors')
      : changed > 0
        ? t('styles.unsaved', { count: changed })
        : t('styles.noChanges');

  return (
    <>
      <div className={classes.main}>
        <ThemeBar draft={draft} invalid={problems.size > 0} onApply={setEdited} />
        <div className={classes.panes}>
          <div className={classes.controls}>
            <StyleControls
              projectType={project.type}
              draft={draft}
              problems={problems}
              warnings={warnings}
              zoneWarnings={zoneWarnings}
              onChange={onChange}
            />
          </div>
          <StylePreview projectId={project.id} styles={preview} />
        </div>
      </div>
      <Group justify="space-between" gap="sm" className={classes.footer}>
        <Text
          size="sm"
          c={problems.size > 0 ? 'red' : changed > 0 ? undefined : 'dimmed'}
          role="status"
          aria-live="polite"
        >
          {status}
        </Text>
        <Group gap="sm">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            onClick={() => setEdited(defaultDraft())}
            disabled={changedKeys(draft, defaultDraft()).length === 0}
          >
            {t('styles.resetAll')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('styles.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={changed === 0 || problems.size > 0}>
            {t('styles.save')}
          </Button>
        </Group>
      </Group>
    </>
  );
}
