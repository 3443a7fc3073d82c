import {
  adminGameUpdateBodySchema,
  gamesAdminErrorCodes,
  setRefusalFieldError,
  type AdminGame,
  type AdminGameUpdateBody,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Field } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { ImageUpload } from '../../components/image-upload';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { gameBodyOf, gameKeys, updateGame } from './api';
import { checkedAs } from './checked-draft';

type Draft = Omit<AdminGameUpdateBody, 'gameRowId' | 'version'>;
const fields = Object.keys(adminGameUpdateBodySchema.shape) as Array<Path<Draft>>;

/** One game's names, thumbnail, minimum bet, order and flags; saved with the version read. */
export function GameDialog({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () => checkedAs<Draft>(t, (draft) => adminGameUpdateBodySchema.safeParse({ ...draft, gameRowId: 1, version: 1 })),
    [t],
  );
  const { gameRowId: _id, version: _version, ...defaults } = gameBodyOf(game);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: defaults });
  const save = useMutation({
    mutationFn: (draft: Draft) => updateGame({ ...draft, gameRowId: game.gameRowId, version: game.version }),
    onSuccess: async () => {
      showToast(t('games_saved'));
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
      onClose();
    },
    onError: async (error) => {
      setRefusalFieldError(error, setError, fields);
      if (error instanceof ApiError && error.errorCode === gamesAdminErrorCodes.versionConflict)
        await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
  const errorOf = (name: keyof Draft) => errors[name]?.message;
  const isRefusalPlaced = save.error instanceof ApiError && fields.includes(save.error.field as Path<Draft>);
  const text = (name: 'nameTh' | 'nameEn' | 'minBet', label: string, hint?: string) => (
    <Field label={label} htmlFor={`game-${name}`} hint={hint} error={errorOf(name)}>
      <input
        id={`game-${name}`}
        maxLength={60}
        inputMode={name === 'minBet' ? 'decimal' : undefined}
        aria-invalid={Boolean(errorOf(name))}
        {...register(name)}
      />
    </Field>
  );
  return (
    <Dialog title={t('games_edit_game', { name: game.nameEn })} isOpen onClose={onClose} isWide>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit((draft) => save.mutate(draft))(event)}>
        <div className="form-grid">
          {text('nameTh', t('games_name_th'))}
          {text('nameEn', t('games_name_en'))}
          {text('minBet', t('games_min_bet'), t('games_min_bet_hint'))}
          <Field label={t('games_sort')} htmlFor="game-sort" hint={t('games_sort_hint')} error={errorOf('sort')}>
            <input id="game-sort" type="number" inputMode="numeric" {...register('sort', { valueAsNumber: true })} />
          </Field>
        </div>
        <div className="games-switches">
          <label className="switch">
            <input type="checkbox" {...register('isEnabled')} />
            {t('games_enabled')}
          </label>
          <label className="switch">
            <input type="checkbox" {...register('isHot')} />
            {t('games_hot')}
          </label>
          <label className="switch">
            <input type="checkbox" {...register('isNew')} />
            {t('games_new')}
          </label>
        </div>
        <Controller
          control={control}
          name="thumbnailUrl"
          render={({ field }) => (
            <ImageUpload
              label={t('games_thumbnail')}
              value={field.value}
              onChange={field.onChange}
              error={errorOf('thumbnailUrl')}
            />
          )}
        />
        {isRefusalPlaced ? null : <ErrorNote error={save.error} />}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {t('games_save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
