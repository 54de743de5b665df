def commands():
    return []
