import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import type { Locale } from '../entities/locale.entity';

/** A locale as its list shows it. */
export function serializeLocaleListItem(locale: Pick<Locale, 'id' | 'code'>) {
  return { id: locale.id, code: locale.code, _links: selfLink(links.locale(locale.code)) };
}

/** Every exposed field of a locale. */
export function serializeLocale(locale: Locale) {
  return {
    id: locale.id,
    code: locale.code,
    createdAt: formatDateTime(locale.createdAt),
    updatedAt: formatDateTime(locale.updatedAt),
    _links: selfLink(links.locale(locale.code)),
  };
}
