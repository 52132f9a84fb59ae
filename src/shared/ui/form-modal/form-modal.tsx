import { Button, Group, Stack, Text } from '@mantine/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type FormEventHandler,
  type ReactNode,
} from 'react';
import { errorMessage, formFieldErrors } from '@/shared/api';
import { conflictRows, withYourEdits, type ConflictFields } from '@/shared/lib/record-conflict';
import { ConflictDialog } from '../conflict-dialog';
import { ErrorAlert } from '../error-alert';
import { Modal } from '../modal';
import { UNSAVED_CHANGES_QUESTION } from '../unsaved-changes';
import '../focus.css';

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  /** E.g. 'Nuevo Sponsor' or 'Editar Sponsor'. */
  title: string;
  /**
   * The form, usually a component keyed by the record's id: the modal mounts it per opening, and
   * the key per record, so each opening starts from the record's values.
   */
  children: ReactNode;
}

/** What the modal needs from the form inside it: whether closing would lose typed changes. */
interface CloseGuard {
  setDirty: (dirty: boolean) => void;
  /** Closes through `close`, asking first when there are unsaved changes. */
  requestClose: (close: () => void) => void;
}

const CloseGuardContext = createContext<CloseGuard | null>(null);

/**
 * The modal every create/edit form opens in. Closing it with changes not saved (Escape, the X, a
 * click outside, 'Cancelar') first asks whether to discard them; the form stays as it was while
 * the question shows, so 'Seguir editando' loses nothing.
 */
export function FormModal({ opened, onClose, title, children }: FormModalProps) {
  const dirty = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const focusedBefore = useRef<HTMLElement | null>(null);

  // Each opening starts without a question.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) setPendingClose(null);
  }

  const guard = useMemo<CloseGuard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value;
      },
      requestClose: (close) => {
        if (!dirty.current) {
          close();
          return;
        }
        focusedBefore.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setPendingClose(() => close);
      },
    }),
    [],
  );

  const asking = pendingClose !== null;
  useEffect(() => {
    if (asking) keepEditingRef.current?.focus();
  }, [asking]);

  const keepEditing = useCallback(() => {
    setPendingClose(null);
    // Back where the person was, once the form shows again.
    const previous = focusedBefore.current;
    setTimeout(() => previous?.focus(), 0);
  }, []);

  const discard = () => {
    const close = pendingClose;
    setPendingClose(null);
    dirty.current = false;
    close?.();
  };

  return (
    <Modal
      opened={opened}
      // Escape or a click outside while asking means 'Seguir editando'.
      onClose={() => (asking ? keepEditing() : guard.requestClose(onClose))}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <CloseGuardContext.Provider value={guard}>
        {asking ? (
          <Stack gap="md" role="alertdialog" aria-label="Cambios sin guardar" aria-describedby="unsaved-changes-question">
            <Text id="unsaved-changes-question">{UNSAVED_CHANGES_QUESTION}</Text>
            <Group justify="flex-end" gap="sm">
              <Button ref={keepEditingRef} variant="default" onClick={keepEditing}>
                Seguir editando
              </Button>
              <Button color="red" onClick={discard}>
                Descartar
              </Button>
            </Group>
          </Stack>
        ) : null}
        {/* Kept mounted while asking, so the typed values survive 'Seguir editando'. */}
        <div hidden={asking}>{children}</div>
      </CloseGuardContext.Provider>
    </Modal>
  );
}

export interface FormModalBodyProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The save is under way: both buttons are off and the submit shows `busyLabel`. */
  busy: boolean;
  /** E.g. 'Crear Sponsor'. */
  submitLabel: string;
  /** E.g. 'Creando…'. */
  busyLabel: string;
  /** The submit is off until the form can be sent at all (e.g. a required value still loading). */
  submitDisabled?: boolean;
  /** Why the submit is off, shown under the buttons and read with the button, e.g. 'Cargando roles…'. */
  submitDisabledReason?: string;
  /**
   * The server's refusal, shown above the fields. Leave it out when the refusal named fields and
   * shows under them instead (see `bannerMessage`).
   */
  error?: string | null;
  /**
   * Something changed since the form opened: closing without saving asks first. After a successful
   * save the form closes through its own `onClose`, without asking.
   */
  dirty?: boolean;
  /**
   * The last failed save (e.g. the mutation's error), so focus can go to what needs fixing: the
   * first field marked invalid, else the banner.
   */
  failure?: unknown;
  /** The fields. */
  children: ReactNode;
}

// Mantine's PasswordInput marks its input with data-invalid only.
const firstInvalidField = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-invalid="true"]') ?? null;

/**
 * A modal form: the failure on top, the fields, then Cancelar and the submit button. A submit
 * that fails validation, and a save the server refuses, move focus to the first invalid field (or
 * the failure's banner), so nobody has to hunt for what to fix.
 */
export function FormModalBody({
  onSubmit,
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  submitDisabledReason,
  error,
  dirty = false,
  failure,
  children,
}: FormModalBodyProps) {
  const guard = useContext(CloseGuardContext);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const reasonId = useId();

  useEffect(() => {
    guard?.setDirty(dirty && !busy);
  }, [guard, dirty, busy]);
  // Unmounting (e.g. closed after a save) leaves nothing to lose.
  useEffect(() => () => guard?.setDirty(false), [guard]);

  useEffect(() => {
    if (!failure) return;
    (firstInvalidField(formRef.current) ?? bannerRef.current)?.focus();
  }, [failure]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    // Validation runs synchronously: its errors render on the next frame.
    setTimeout(() => firstInvalidField(formRef.current)?.focus(), 0);
  };

  const cancel = () => (guard ? guard.requestClose(onCancel) : onCancel());
  const showReason = submitDisabled && !busy && submitDisabledReason;

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <div ref={bannerRef} tabIndex={-1}>
            <ErrorAlert message={error} error={failure} />
          </div>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={cancel} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" disabled={busy || submitDisabled} aria-describedby={showReason ? reasonId : undefined}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
        {showReason ? (
          <Text id={reasonId} size="sm" c="dimmed" ta="right">
            {submitDisabledReason}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The banner's text for a failed save: the server's message, unless every field it named shows
 * its own message under that field (then the banner would only repeat them).
 */
export function bannerMessage(error: unknown, fallback: string, fieldErrors: Record<string, string>, fields: readonly string[]) {
  if (!error) return null;
  const named = Object.keys(fieldErrors);
  if (named.length > 0 && named.every((field) => fields.includes(field))) return null;
  return errorMessage(error, fallback);
}

/** The part of a @mantine/form form that `SaveFormBody` uses. */
export interface SavedForm<Values> {
  values: Values;
  onSubmit: (valid: (values: Values) => void, invalid: () => void) => FormEventHandler<HTMLFormElement>;
  isDirty: (path?: string) => boolean;
  setValues: (values: Values) => void;
  setInitialValues: (values: Values) => void;
  resetDirty: (values?: Values) => void;
}

/** The part of the save mutation (`useSaveMutation`) that `SaveFormBody` uses. */
export interface FormSave<Current> {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  /** The record as it is now, after a refusal because someone else changed it. */
  stale?: Current | undefined;
  /** Edit the record as it is now from here on (its version, its caches). */
  rebase?: () => void;
}

/** What a form that edits a record declares for the conflict dialog. */
export interface FormConflict<Values, Current> {
  /** The form's values for a record (usually the form's own initial values of it). */
  values: (record: Current) => Values;
  /** The fields compared, with their labels and how to show their values. */
  fields: ConflictFields<Values>;
}

export interface SaveFormBodyProps<Values, Current = unknown> extends Omit<FormModalBodyProps, 'onSubmit' | 'busy' | 'error' | 'dirty' | 'failure'> {
  form: SavedForm<Values>;
  save: FormSave<Current>;
  /**
   * For a form that edits a record: when someone else saved it meanwhile, the dialog 'Este
   * registro cambió' lists what differs, then reloads the form or saves the person's edits over it.
   */
  conflict?: FormConflict<Values, NoInfer<Current>>;
  /** What a submit that passes validation does, usually `save.mutate(toPayload(values))`. */
  onValid: (values: Values) => void;
  /** After a submit that fails validation; the last refusal is already cleared (it no longer describes the form). */
  onInvalid?: () => void;
  /** The banner's text when the refusal brings no message of its own. */
  fallback: string;
  /** The refusal's field errors as the form names its fields; `formFieldErrors` unless the form renames some. */
  fieldErrors?: (error: unknown) => Record<string, string>;
  /** The fields that show their own message; the form's values' keys unless told. */
  fields?: readonly string[];
  /** The form's own banner (e.g. required fields left empty), shown instead of the server's. */
  notice?: string | null;
}

/**
 * `FormModalBody` wired to a form and its save: submit validates, then `onValid`; busy while the
 * save runs; the refusal's message in the banner unless its fields show it (`bannerMessage`); a
 * refusal because someone else changed the record asks what to do (`conflict`).
 */
export function SaveFormBody<Values extends object, Current = unknown>({
  form,
  save,
  conflict,
  onValid,
  onInvalid,
  fallback,
  fieldErrors = formFieldErrors,
  fields,
  notice,
  ...body
}: SaveFormBodyProps<Values, Current>) {
  const invalid = () => {
    save.reset();
    onInvalid?.();
  };
  const banner = bannerMessage(save.error, fallback, fieldErrors(save.error), fields ?? Object.keys(form.values));
  const asked = useConflictDialog(form, save, conflict, onValid);
  return (
    <>
      <FormModalBody
        {...body}
        onSubmit={form.onSubmit(onValid, invalid)}
        busy={save.isPending}
        error={notice ?? banner}
        dirty={form.isDirty()}
        // The dialog asks first; the banner under it stays as the reminder after 'Escape'.
        failure={asked.opened ? null : save.error}
      />
      {conflict ? <ConflictDialog {...asked} /> : null}
    </>
  );
}

/**
 * The conflict dialog's props for a form (`SaveFormBody` uses it; a form with its own body, like a
 * wizard, too): open on each refusal that brought the record as it is now, until the person picks
 * (or cancels, which leaves the form and its edits as they were). `onValid` sends the values.
 */
export function useConflictDialog<Values extends object, Current>(
  form: Omit<SavedForm<Values>, 'onSubmit'>,
  save: FormSave<Current>,
  conflict: FormConflict<Values, Current> | undefined,
  onValid: (values: Values) => void,
) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  const current = save.stale;
  const opened = conflict !== undefined && current !== undefined && dismissed !== save.error;
  const changedByYou = (field: string) => form.isDirty(field);
  const now = opened ? conflict.values(current) : null;
  const rows = now && conflict ? conflictRows(conflict.fields, now, form.values, changedByYou) : [];

  const takeNow = (values: Values, edited: Values) => {
    form.setInitialValues(values);
    form.setValues(edited);
    // What counts as the person's edit from here on is measured against the record as it is now.
    form.resetDirty(values);
    save.rebase?.();
  };

  return {
    opened,
    rows,
    onReload: () => {
      if (now) takeNow(now, now);
    },
    onSaveMine: () => {
      if (!now) return;
      const edited = withYourEdits(now, form.values, changedByYou);
      takeNow(now, edited);
      onValid(edited);
    },
    onCancel: () => setDismissed(save.error),
  };
}
