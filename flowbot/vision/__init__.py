"""flowbot.vision stage."""
