"""The recent events, when no Redis carries them (the `table` backend, live.table)."""

from django.db import models


class LiveEvent(models.Model):
    """One published event, kept for a couple of minutes (settings.LIVE_KEEP_SECONDS): each
    open stream of its topic reads it by id, and a reconnecting one picks up after the last
    id it saw (Last-Event-ID)."""

    topic = models.CharField(max_length=80)
    event = models.CharField(max_length=80)
    data = models.TextField()
    created = models.DateTimeField(db_index=True)  # rows are pruned by age

    class Meta:
        indexes = [models.Index(fields=["topic", "id"], name="live_event_topic_after_id")]

    def __str__(self):
        return f"{self.topic} {self.event} #{self.pk}"
