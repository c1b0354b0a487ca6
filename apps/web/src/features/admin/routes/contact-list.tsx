import { columns } from '@/components/admin/columns';
import { ListScreen, type ListScreenConfig } from '@/components/admin/list-screen';
import { adminHref, paths } from '@/config/paths';
import { isAdmin } from '@/lib/auth/roles';
import type { ContactSubmissionAttributes } from '@parking/domain/api-contract/accounts';

const config: ListScreenConfig<ContactSubmissionAttributes> = {
  title: 'Contact',
  noun: 'message',
  type: 'contact-submissions',
  columns: [
    columns.text<ContactSubmissionAttributes>('name', 'Name'),
    columns.text<ContactSubmissionAttributes>('email', 'Email', { sortKey: undefined }),
    columns.text<ContactSubmissionAttributes>('phoneNumber', 'Phone Number', { sortKey: undefined }),
    {
      id: 'message',
      label: 'Message',
      render: (row) => {
        const text = row.attributes.message;
        return text.length > 90 ? `${text.slice(0, 90)}…` : text;
      },
    },
    columns.datetime<ContactSubmissionAttributes>('created', 'Sent'),
  ],
  // Back-office §2: the row opens the message's view route (the spec's "discountId" is a slip; messageId it is).
  hrefOf: (row) => adminHref(paths.adminContactView, { messageId: row.id }),
  canDelete: isAdmin,
  emptyText: 'No messages. Messages sent from the contact page appear here.',
};

/** Contact messages (back-office §2): the list; a row opens the message. */
export function ContactListPage() {
  return <ListScreen config={config} />;
}
