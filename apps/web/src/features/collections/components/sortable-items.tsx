import type { CollectionItem } from '@acervo/contract/collection-item';
import {
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GripIcon } from '../../../components/ui/icons';
import { ItemCard } from './item-card';

function SortableItem({ item, collectionId }: { item: CollectionItem; collectionId: string }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
    });
  return (
    <li
      ref={setNodeRef}
      className={`sortable-item${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-item-id={item.id}
    >
      <ItemCard
        item={item}
        collectionId={collectionId}
        owner
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="btn btn-icon drag-handle"
            aria-label={t('collections.view.reorder', { name: item.name })}
            {...attributes}
            {...listeners}
          >
            <GripIcon />
          </button>
        }
      />
    </li>
  );
}

/**
 * The owner's items, reordered by mouse, touch (long press) or keyboard. The order lives in this
 * component only; the social issue persists it (spec section 9: "Item order is local only").
 */
export function SortableItems({ items, collectionId }: { items: CollectionItem[]; collectionId: string }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<string[] | null>(null);
  // New or deleted items (after a refetch) reset the local order to the server's.
  const serverIds = items.map((item) => item.id).join(',');
  const [orderFor, setOrderFor] = useState(serverIds);
  if (orderFor !== serverIds) {
    setOrderFor(serverIds);
    setOrder(null);
  }
  const byId = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const ordered = (order ?? items.map((item) => item.id))
    .map((id) => byId.get(id))
    .filter((i) => i !== undefined);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? '';
  const positionOf = (id: string | number) => ordered.findIndex((item) => item.id === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('collections.view.dnd.picked', { name: nameOf(active.id) }),
    // dnd-kit reports the item over itself right after pick-up; keep "selecionado" audible then.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('collections.view.dnd.over', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('collections.view.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t('collections.view.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = ordered.map((item) => item.id);
    setOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('collections.view.dnd.instructions') },
      }}
    >
      <SortableContext items={ordered.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="list-unstyled item-list mb-0">
          {ordered.map((item) => (
            <SortableItem key={item.id} item={item} collectionId={collectionId} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
