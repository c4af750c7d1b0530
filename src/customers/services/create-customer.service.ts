import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { Customer } from '../entities/customer.entity';
import { CustomerGroup } from '../entities/customer-group.entity';
import { canonicalEmail } from '../canonical-email';
import { checkCustomerForm } from './check-customer-form';
import { findCustomerDetail, type CustomerDetail } from '../queries/customer.read-model';
import type { CustomerForm } from '../forms/customer.form';
import { applyCustomerForm, hashNewPassword } from './customer-writer';
import { withUniqueEmail } from './email-conflict';
import { inWriteTransaction } from '../../database/write-transaction';
import { EventOutbox } from '../../events';
import { serializeCustomerDetail } from '../customer.serializer';

@Injectable()
export class CreateCustomerService {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: EventOutbox,
  ) {}

  /** Creates the customer (and its account when asked) and answers it as the customer read model reads it. */
  async create(form: SubmittedForm<CustomerForm>): Promise<CustomerDetail> {
    // Judged and hashed before the transaction (hashing is slow); a concurrent request taking the email
    // meanwhile is caught by the unique index (withUniqueEmail).
    const checked = await checkCustomerForm(this.em.fork(), form, 'create', null);
    const passwordHash = await hashNewPassword(checked);
    return withUniqueEmail(form.errors, () =>
      inWriteTransaction(this.em, async (tx) => {
        // The groups were read on another fork: each attempt's fork refers to them by id.
        const groups = checked.groups?.map((group) => tx.getReference(CustomerGroup, group.id));
        const customer = tx.create(Customer, { email: checked.input.email!, emailCanonical: canonicalEmail(checked.input.email!) });
        applyCustomerForm(tx, customer, { ...checked, groups }, passwordHash);
        await tx.flush();
        const created = await findCustomerDetail(tx, customer.id);
        if (created === null) throw new Error(`The customer ${customer.id} just created cannot be read`);
        await this.outbox.record(tx, { type: 'customer.created', data: serializeCustomerDetail(created) });
        return created;
      }),
    );
  }
}
