import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPlainList } from '../../common/pagination/plain-list';
import { AdminUser } from '../entities/admin-user.entity';
import { serializeAdminUser, serializeAdminUserListItem } from './admin-user.serializer';

@Injectable()
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  /** Every admin user in creation order (a plain list). */
  list(rawQuery: string) {
    return readPlainList(this.em, AdminUser, links.adminUsers(), rawQuery, serializeAdminUserListItem);
  }

  async show(id: number) {
    const user = await this.em.fork().findOne(AdminUser, id, { disableIdentityMap: true });
    if (user === null) throw resourceNotFound('admin user');
    return serializeAdminUser(user);
  }
}
