import type { AdminGame } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorQuery, vendorsQuery } from '../games/api';

/** The ids a picker value holds, in order (the draft keeps them one a line, as the lane's body sends them). */
export const pickedIdsOf = (value: string) =>
  value
    .split(/[\n,]/)
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * Games chosen by name rather than typed ids: a vendor, then one of its games, added to the end of
 * the lane; the picked games in the site's order, each moved up or down or taken out. Games the merchant
 * does not list (switched off, or not served by the vendor's integration) are not offered: the server
 * would refuse them.
 */
export function GamePicker({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const picked = pickedIdsOf(value);
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [gameId, setGameId] = useState('');
  const vendors = useQuery(vendorsQuery());
  const vendor = useQuery({ ...vendorQuery(vendorId ?? 0), enabled: vendorId !== null });
  const [namesById, setNamesById] = useState<Record<string, string>>({});
  const labelId = useId();
  const vendorSelectId = useId();
  const gameSelectId = useId();
  const nameOf = (game: Pick<AdminGame, 'nameTh' | 'nameEn'>) => (i18n.language === 'TH' ? game.nameTh : game.nameEn);
  const offered = (vendor.data?.games ?? []).filter(
    (game) => game.isEnabled && game.isServed && !picked.includes(game.gameId),
  );

  const write = (ids: string[]) => onChange(ids.join('\n'));
  const add = () => {
    const game = offered.find((candidate) => candidate.gameId === gameId);
    if (!game) return;
    setNamesById((names) => ({ ...names, [game.gameId]: nameOf(game) }));
    write([...picked, game.gameId]);
    setGameId('');
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...picked];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id!);
    write(next);
  };

  return (
    <div className={error ? 'field has-error' : 'field'} role="group" aria-labelledby={labelId}>
      <span id={labelId}>{label}</span>
      <div className="game-picker">
        {picked.length === 0 ? (
          <p className="game-picker__empty">{t('site_content_lane_picked_none')}</p>
        ) : (
          <ol className="game-picker__list">
            {picked.map((id, index) => (
              <li key={id} className="game-picker__item">
                <span className="game-picker__name">
                  {namesById[id] ? (
                    <>
                      {namesById[id]} <span className="muted">{id}</span>
                    </>
                  ) : (
                    id
                  )}
                </span>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button is-small"
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={t('site_content_lane_move_up', { id })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button is-small"
                    onClick={() => move(index, 1)}
                    disabled={index === picked.length - 1}
                    aria-label={t('site_content_lane_move_down', { id })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button is-small is-danger"
                    onClick={() => write(picked.filter((other) => other !== id))}
                    aria-label={t('site_content_lane_remove', { id })}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        <div className="game-picker__add">
          <label htmlFor={vendorSelectId} className="visually-hidden">
            {t('site_content_lane_vendor')}
          </label>
          <select
            id={vendorSelectId}
            value={vendorId ?? ''}
            onChange={(event) => {
              setVendorId(event.target.value === '' ? null : Number(event.target.value));
              setGameId('');
            }}
          >
            <option value="">{t('site_content_lane_vendor')}</option>
            {(vendors.data?.vendors ?? []).map((candidate) => (
              <option key={candidate.vendorId} value={candidate.vendorId}>
                {nameOf(candidate)}
              </option>
            ))}
          </select>
          <label htmlFor={gameSelectId} className="visually-hidden">
            {t('site_content_lane_game')}
          </label>
          <select
            id={gameSelectId}
            value={gameId}
            onChange={(event) => setGameId(event.target.value)}
            disabled={vendorId === null || vendor.isPending}
          >
            <option value="">{t('site_content_lane_game')}</option>
            {offered.map((game) => (
              <option key={game.gameId} value={game.gameId}>
                {nameOf(game)}
              </option>
            ))}
          </select>
          <button type="button" className="button" onClick={add} disabled={gameId === ''}>
            {t('site_content_lane_add_game')}
          </button>
        </div>
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
}
