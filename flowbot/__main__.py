from flowbot.cli import entrypoint

entrypoint()
